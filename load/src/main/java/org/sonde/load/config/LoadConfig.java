package org.sonde.load.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One load test, as a dperf configuration file describes it: the data model only; the engine
 * reads it and {@link ConfigParser} builds it with dperf's validation rules. Every default is
 * already filled in.
 *
 * @param cpus            CPUs the workers are pinned to, one worker per CPU; empty: one unpinned worker
 * @param durationSeconds the measured phase, after {@code wait} and {@code slow_start}
 * @param cps             new connections per second over all workers (the launcher's target)
 * @param cc              target concurrent connections (0: connections are closed after one request)
 * @param keepalive       requests per connection; empty: one request per connection (CPS mode)
 * @param payloadSize     payload bytes per request and response (0: dperf's default HTTP message)
 * @param payloadFile     a file whose bytes are the payload, instead of filler
 * @param clients         source addresses (empty: the kernel picks the source address)
 * @param servers         the addresses a client connects to, or a server listens on
 * @param clientPorts     source ports bound explicitly (empty: the kernel picks ephemeral ports)
 * @param retransmitTimeoutSeconds dperf's fixed RTO; a connection without progress for four of them fails (skErr)
 * @param tos             IP TOS / traffic class of every packet (0: unset)
 * @param launchNum       connections launched per pacing tick at most (dperf's {@code launch_num})
 * @param engine          the kernel's sockets, or the user-space TCP on a raw socket
 * @param port            user-space engine: the interface, own address and gateway (dperf's {@code port})
 * @param netns           user-space engine: the network namespace the interface is in (empty: this process's)
 * @param flood           UDP client: each new flow sends its first datagram and is closed without waiting for an
 *                        answer (dperf's flood: new flows per second as datagrams per second)
 * @param pipeline        UDP client: datagrams sent together and in flight on a flow (dperf's pipeline; 0 or 1: one)
 * @param kni             user-space engine: the TAP interface that takes the frames no connection or listener takes (dperf's kni)
 * @param vxlan           user-space engine: the VXLAN tunnel every frame travels in (dperf's vxlan)
 * @param mss             user-space engine: the MSS option of its SYNs and SYN-ACKs (dperf's mss), or 0 for the MTU's (1460 over IPv4, 1440 over IPv6)
 * @param userspace       user-space engine: dperf's tcp_rst, vlan, jumbo, send_window, disable_ack and neigh_ignore (the defaults on the kernel engine)
 * @param changeDip       UDP flood: the destination pool its datagrams go to in turn (dperf's change_dip); empty: the 'server' addresses
 * @param deferAccept     TCP server on kernel sockets: TCP_DEFER_ACCEPT on its listeners (Sonde's {@code defer_accept}, nginx's
 *                        {@code listen ... deferred}), so a connection is accepted with its first request and answered at once
 */
public record LoadConfig(
        Path source,
        Mode mode,
        List<Integer> cpus,
        long durationSeconds,
        long cps,
        long cc,
        Optional<Keepalive> keepalive,
        Protocol protocol,
        int payloadSize,
        boolean payloadRandom,
        Optional<Path> payloadFile,
        List<AddressRange> clients,
        List<AddressRange> servers,
        int listenPort,
        int listenCount,
        Optional<PortRange> clientPorts,
        int waitSeconds,
        int slowStartSeconds,
        int retransmitTimeoutSeconds,
        boolean fastClose,
        String httpHost,
        String httpPath,
        HttpMethod httpMethod,
        int tos,
        int launchNum,
        boolean quiet,
        Engine engine,
        Optional<PortSpec> port,
        Optional<String> netns,
        boolean flood,
        int pipeline,
        Optional<String> kni,
        Optional<VxlanSpec> vxlan,
        int mss,
        UserspaceOptions userspace,
        Optional<DipPool> changeDip,
        boolean deferAccept) {

    public LoadConfig {
        cpus = List.copyOf(cpus);
        clients = List.copyOf(clients);
        servers = List.copyOf(servers);
    }

    /** Worker threads: one per listed CPU, or one. */
    public int workers() {
        return Math.max(1, cpus.size());
    }

    public boolean client() {
        return mode == Mode.CLIENT;
    }

    /** Whether requests and responses are HTTP messages (dperf's {@code stats_http}); below 85 bytes tcp payloads are raw filler. */
    public boolean httpPayload() {
        return protocol == Protocol.HTTP || (protocol == Protocol.TCP && (payloadSize == 0 || payloadSize >= ConfigParser.HTTP_DATA_MIN_SIZE));
    }

    /** Seconds from start to the end of the measured phase (the drain comes after). */
    public long plannedSeconds() {
        return waitSeconds + slowStartSeconds + durationSeconds;
    }

    /** The same test with another duration, wait and slow start (tests and the demo shorten runs). */
    public LoadConfig withTimes(long durationSeconds, int waitSeconds, int slowStartSeconds) {
        return new LoadConfig(source, mode, cpus, durationSeconds, cps, cc, keepalive, protocol, payloadSize, payloadRandom,
                payloadFile, clients, servers, listenPort, listenCount, clientPorts, waitSeconds, slowStartSeconds,
                retransmitTimeoutSeconds, fastClose, httpHost, httpPath, httpMethod, tos, launchNum, quiet, engine, port, netns, flood, pipeline, kni, vxlan, mss,
                userspace, changeDip, deferAccept);
    }
}
