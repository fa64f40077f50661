package org.sonde.load.config;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a configuration file said so far, keyword by keyword, with the line each keyword came
 * from; {@link #finish} applies dperf's cross-keyword rules ({@code config_parse} in dperf's
 * {@code config.c}) and fills in the defaults.
 */
final class ConfigDraft {
    /** The largest UDP payload: 65535 less the IPv4 (20) and UDP (8) headers; IPv6's length field excludes its header. */
    static final int UDP_PAYLOAD_MAX_V4 = 65_507;
    static final int UDP_PAYLOAD_MAX_V6 = 65_527;
    Mode mode;
    final List<Integer> cpus = new ArrayList<>();
    long duration;
    long cps = -1;
    long cc;
    Keepalive keepalive;
    Protocol protocol;
    int payloadSize;
    boolean payloadRandom;
    Path payloadFile;
    final List<AddressRange> clients = new ArrayList<>();
    final List<AddressRange> servers = new ArrayList<>();
    int listenPort;
    int listenCount;
    PortRange clientPorts;
    Integer wait;
    Integer slowStart;
    int rto;
    boolean fastClose;
    boolean deferAccept;
    String httpHost;
    String httpPath;
    HttpMethod httpMethod;
    int tos;
    int launchNum;
    boolean quiet;
    boolean flood;
    int pipeline;
    Engine engine;
    PortSpec port;
    String netns;
    /** The TAP interface's name ("": the default), or null without 'kni'. */
    String kni;
    VxlanSpec vxlan;
    /** The user-space engine's MSS option, or 0 for the family's default. */
    int mss;
    /** dperf's tcp_rst, vlan, jumbo MTU (0: none), send_window (0: not given), disable_ack and neigh_ignore; change_dip's pool or null. */
    Boolean tcpRst;
    int vlan;
    int jumboMtu;
    int sendWindow;
    boolean disableAck;
    boolean neighIgnore;
    DipPool changeDip;
    final List<String> warnings = new ArrayList<>();

    /** The line of each keyword given (the first, for repeatable ones): cross-keyword errors name it. */
    final Map<String, Integer> lines = new HashMap<>();

    /** A rule broken by the file as a whole: the keyword whose line the error names, and what is wrong. */
    static final class RuleBroken extends RuntimeException {
        final String keyword;
        final String hint;

        RuleBroken(String keyword, String message, String hint) {
            super(message);
            this.keyword = keyword;
            this.hint = hint;
        }
    }

    private boolean has(String keyword) {
        return lines.containsKey(keyword);
    }

    LoadConfig finish(Path source, Path baseDir) {
        if (mode == null) throw new RuleBroken(null, "no 'mode' line", "add 'mode client' or 'mode server'");
        boolean client = mode == Mode.CLIENT;
        Protocol proto = protocol == null ? Protocol.TCP : protocol;
        if (servers.isEmpty()) {
            throw new RuleBroken(null, "no 'server' line",
                    client ? "add 'server IPAddress Number' naming the addresses to connect to, e.g. 'server 127.0.0.1 1'"
                            : "add 'server IPAddress Number' naming the addresses to listen on, e.g. 'server 127.0.0.1 1'");
        }
        checkFamilies();
        checkClientLow16();
        checkOverlaps();
        if (client) {
            if (cps <= 0 && cc == 0) throw new RuleBroken(has("cps") ? "cps" : null, "no targets: neither 'cps' nor 'cc' is set",
                    "add e.g. 'cps 1k' (new connections per second) or 'cc 100' with 'keepalive 1ms'");
            if (cc > 0 && keepalive == null) throw new RuleBroken("cc", "'cc' requires 'keepalive'",
                    "add e.g. 'keepalive 1ms' (one request per millisecond per connection) or 'keepalive 0us' (back to back)");
            if (cps <= 0) cps = ConfigParser.DEFAULT_CPS;
        } else {
            if (has("wait")) throw new RuleBroken("wait", "'wait' in a server configuration", "delete the line: a server starts at once");
            if (has("slow_start")) throw new RuleBroken("slow_start", "'slow_start' in a server configuration", "delete the line: the client ramps up");
            if (keepalive != null && keepalive.requests() != 0) throw new RuleBroken("keepalive", "a request number in a server's 'keepalive'",
                    "a server takes only the interval (its idle timeout is 4 retransmit timeouts plus it); the number is the client's");
            if (keepalive != null && proto == Protocol.UDP) throw new RuleBroken("keepalive", "'keepalive' on a UDP server",
                    "delete the line: the UDP server keeps no state per flow, so nothing idles out");
            for (String k : List.of("cps", "cc", "http_host", "http_path", "http_method", "client_port_range", "lport_range", "launch_num")) {
                if (has(k)) throw new RuleBroken(k, "'" + k + "' is a client keyword, and this is 'mode server'", "delete the line, or make this a client");
            }
            if (proto == Protocol.HTTP) throw new RuleBroken("protocol", "'protocol http' is the client's response parser",
                    "a server answers HTTP with 'protocol tcp' (the default)");
        }
        boolean hostOrPath = has("http_host") || has("http_path");
        if (hostOrPath && has("payload_size")) {
            throw new RuleBroken(has("http_host") ? "http_host" : "http_path", "the HTTP host/path cannot be set with payload_size",
                    "delete payload_size (the request is then a plain GET), or delete http_host/http_path (a padded request)");
        }
        if (proto == Protocol.UDP && (hostOrPath || has("http_method"))) {
            throw new RuleBroken(has("http_host") ? "http_host" : has("http_path") ? "http_path" : "http_method",
                    "HTTP settings cannot be set with 'protocol udp'", "delete the line, or use 'protocol http'");
        }
        if (payloadFile != null && has("payload_size")) throw new RuleBroken("payload_file", "payload_file and payload_size are both set",
                "keep one: the file's size is the payload size");
        if (payloadFile != null && payloadRandom) throw new RuleBroken("payload_file", "payload_file and payload_random are both set", "keep one");
        if (proto == Protocol.HTTP && (has("payload_size") || payloadFile != null || payloadRandom)) {
            throw new RuleBroken(has("payload_size") ? "payload_size" : payloadFile != null ? "payload_file" : "payload_random",
                    "'protocol http' sends a plain request and parses the server's own responses; it takes no payload",
                    "delete the line, or use 'protocol tcp' for fixed payloads");
        }
        Path file = payloadFile == null ? null : (payloadFile.isAbsolute() || baseDir == null ? payloadFile : baseDir.resolve(payloadFile));
        int size = payloadSize;
        if (file != null) {
            try {
                long n = java.nio.file.Files.size(file);
                if (n == 0 || n > ConfigParser.PAYLOAD_MAX) throw new RuleBroken("payload_file", "payload file " + file + " has " + n + " bytes", "use a file of 1 byte to 16 MiB");
                size = (int) n;
            } catch (java.io.IOException e) {
                throw new RuleBroken("payload_file", "cannot read payload file " + file + ": " + e.getMessage(), "check the path (relative paths start at the configuration file's directory)");
            }
        }
        if (proto == Protocol.UDP) {
            boolean v6 = servers.getFirst().ipv6();
            int max = v6 ? UDP_PAYLOAD_MAX_V6 : UDP_PAYLOAD_MAX_V4;
            if (size > max) throw new RuleBroken(file != null ? "payload_file" : "payload_size", "a " + size + "-byte payload does not fit in one UDP datagram ("
                    + max + " bytes at most over " + (v6 ? "IPv6" : "IPv4") + ")", "use a payload of at most " + max + " bytes with 'protocol udp'");
        }
        if (flood) checkFlood(client, proto);
        if (changeDip != null) {
            if (!flood) throw new RuleBroken("change_dip", "'change_dip' is the destination pool of a flood", "add 'flood' (with 'protocol udp'), or delete the line");
            if (changeDip.first().getAddress().length != servers.getFirst().first().getAddress().length) {
                throw new RuleBroken("change_dip", "the destination pool and the 'server' addresses are of different families", "use one address family");
            }
        }
        if (pipeline > 1) {
            if (!client || proto != Protocol.UDP) throw new RuleBroken("pipeline", "'pipeline' is for a UDP client",
                    "delete the line, or make this 'mode client' with 'protocol udp'");
            if (flood) throw new RuleBroken("pipeline", "a flood awaits no answers, so nothing is in flight", "delete 'pipeline' or 'flood'");
        }
        if (engine == Engine.USERSPACE && !client && keepalive != null) throw new RuleBroken("keepalive", "'keepalive' on the user-space server",
                "delete the line: Sonde's user-space server keeps no timers (the client resends what was lost), so it has no idle timeout");
        if (deferAccept) checkDeferAccept(client, proto);
        if (engine == Engine.USERSPACE) checkUserspace(client, proto, size);
        else if (netns != null) throw new RuleBroken("netns", "'netns' is for the user-space engine", "add 'engine userspace' and 'port', or delete the line");
        long workers = Math.max(1, cpus.size());
        if (client) checkSockets(workers);
        return new LoadConfig(source, mode, cpus, duration == 0 ? ConfigParser.DEFAULT_DURATION_SECONDS : duration,
                client ? cps : 0, client ? cc : 0, Optional.ofNullable(keepalive), proto, size, payloadRandom,
                Optional.ofNullable(file), clients, servers,
                listenPort == 0 ? 80 : listenPort, listenCount == 0 ? 1 : listenCount, Optional.ofNullable(clientPorts),
                client ? (wait == null ? ConfigParser.DEFAULT_WAIT_SECONDS : wait) : 0,
                client ? (slowStart == null ? ConfigParser.DEFAULT_SLOW_START_SECONDS : slowStart) : 0,
                rto == 0 ? ConfigParser.DEFAULT_RTO_SECONDS : rto, fastClose,
                httpHost == null ? ConfigParser.DEFAULT_HTTP_HOST : httpHost, httpPath == null ? "/" : httpPath,
                httpMethod == null ? HttpMethod.GET : httpMethod, tos, launchNum == 0 ? ConfigParser.DEFAULT_LAUNCH_NUM : launchNum, quiet,
                engine == null ? Engine.KERNEL : engine, Optional.ofNullable(port), Optional.ofNullable(netns), flood, pipeline,
                Optional.ofNullable(kni).map(k -> k.isEmpty() ? defaultKni(port.interfaceName()) : k), Optional.ofNullable(vxlan), mss,
                new UserspaceOptions(tcpRst == null || tcpRst, vlan, jumboMtu == 0 ? UserspaceOptions.MTU : jumboMtu,
                        sendWindow == 0 ? UserspaceOptions.SEND_WINDOW_DEFAULT : sendWindow, disableAck, neighIgnore),
                Optional.ofNullable(changeDip), deferAccept);
    }

    /** TCP_DEFER_ACCEPT belongs to a kernel socket listening for a protocol whose client speaks first. */
    private void checkDeferAccept(boolean client, Protocol proto) {
        if (client) throw new RuleBroken("defer_accept", "'defer_accept' is a server keyword", "delete the line, or make this 'mode server'");
        if (proto == Protocol.UDP) throw new RuleBroken("defer_accept", "'defer_accept' is for TCP listeners", "delete the line, or use 'protocol tcp' or 'http'");
        if (engine == Engine.USERSPACE) throw new RuleBroken("defer_accept", "'defer_accept' is an option of the kernel's listening sockets",
                "delete the line: the user-space server answers a request as its segment arrives already");
    }

    /** dperf's flood, as far as kernel sockets can send it: first datagrams of new UDP flows, nothing awaited. */
    private void checkFlood(boolean client, Protocol proto) {
        if (!client) throw new RuleBroken("flood", "'flood' is a client keyword", "delete the line: a server answers what comes");
        if (proto != Protocol.UDP) {
            throw new RuleBroken("flood", "'flood' with TCP sends bare SYNs, and a kernel socket cannot send a SYN without completing the handshake",
                    "add 'protocol udp' to flood new UDP flows, or use 'cps' for connection load");
        }
        if (cc > 0 || keepalive != null) throw new RuleBroken(cc > 0 ? "cc" : "keepalive", "a flood's flows send one datagram and wait for nothing",
                "delete 'cc' and 'keepalive': 'cps' sets the datagrams (new flows) per second");
        if (engine == Engine.USERSPACE) throw new RuleBroken("flood", "the user-space engine runs TCP only", "delete 'engine userspace'");
    }

    /**
     * The user-space engine's limits: dperf's {@code port}, one address family, one server address
     * and port (the socket table is indexed by the client's address and port), the client ranges
     * on both sides (the server's table is indexed by them too), and payloads in one segment.
     */
    private void checkUserspace(boolean client, Protocol proto, int size) {
        if (port == null) throw new RuleBroken("engine", "'engine userspace' needs a 'port' line",
                "add 'port IFNAME IP GW' naming the interface, this side's address on it and the gateway (on a direct link, the peer)");
        if (proto == Protocol.UDP) throw new RuleBroken("protocol", "the user-space engine runs TCP only", "use 'protocol tcp' or 'http', or the kernel engine for udp");
        if (servers.size() != 1 || servers.getFirst().count() != 1) {
            throw new RuleBroken("server", "the user-space engine needs exactly one server address", "write e.g. 'server 10.0.0.1 1' or 'server fd00::1 1'");
        }
        boolean v6 = servers.getFirst().ipv6();
        if (vxlan != null) checkVxlan();
        else if ((port.address() instanceof Inet6Address) != v6) {
            throw new RuleBroken("port", "the port's address is " + (v6 ? "IPv4" : "IPv6") + " and the server's " + (v6 ? "IPv6" : "IPv4"),
                    "use one address family in 'port', 'client' and 'server'");
        }
        if (listenCount > 1) throw new RuleBroken("listen", "the user-space engine listens on one port", "write e.g. 'listen 80 1'");
        if (clients.isEmpty()) throw new RuleBroken(null, "the user-space engine needs 'client' ranges on "
                + (client ? "the client (its source addresses)" : "the server (its socket table is indexed by them)"),
                "add e.g. 'client 10.1.0.1 16' on both sides");
        if (v6) {
            // the 64-byte socket keeps 32 bits of each address, as over IPv4: the rest is one prefix for all clients
            byte[] prefix = java.util.Arrays.copyOf(clients.getFirst().first().getAddress(), 12);
            for (AddressRange r : clients) {
                if (!java.util.Arrays.equals(java.util.Arrays.copyOf(r.first().getAddress(), 12), prefix)) {
                    throw new RuleBroken("client", "the IPv6 client addresses " + clients.getFirst() + " and " + r + " differ in their first 96 bits",
                            "keep every client address within one /96, e.g. 'client fd00::1:0 100' and 'client fd00::2:0 100'");
                }
            }
        }
        if (disableAck && !client) throw new RuleBroken("disable_ack", "'disable_ack' is the client's",
                "delete the line: the user-space server sends no pure ACK (its response carries the request's)");
        if (vlan != 0 && vxlan != null) throw new RuleBroken("vlan", "'vlan' is not available with 'vxlan' (as in dperf)", "delete one of the two lines");
        // IPv6's header is 20 bytes longer than IPv4's: dperf's MSS is 1440 there (9650 with jumbo frames)
        int mtu = jumboMtu == 0 ? UserspaceOptions.MTU : jumboMtu;
        int familyMss = mtu - (v6 ? 60 : 40);
        if (mss > familyMss) throw new RuleBroken("mss", "an MSS of " + mss + " is above " + familyMss + ", what a " + mtu + "-byte MTU carries over " + (v6 ? "IPv6" : "IPv4"),
                "use 'mss " + familyMss + "' or less" + (jumboMtu == 0 ? ", or add 'jumbo'" : ""));
        int max = familyMss - (vxlan != null ? VxlanSpec.OVERHEAD : 0);
        if (mss > 0) max = Math.min(max, mss);
        if (sendWindow != 0 && client) throw new RuleBroken("send_window", "'send_window' is the server's (the window of its large responses)",
                "delete the line, or move it to the server's file");
        if (!client && size > max) {
            // dperf's large responses: the server sends them in a window of segments, the client takes them by their Content-Length
            if (payloadFile != null) throw new RuleBroken("payload_file", "a " + size + "-byte response file is longer than one " + max + "-byte segment,"
                    + " and the user-space client finds the end of a longer response by its Content-Length",
                    "use 'payload_size " + size + "' (an HTTP message of that size, with its Content-Length), or a file of at most " + max + " bytes");
            return;
        }
        if (sendWindow != 0) warnings.add("'send_window' has no effect: every response fits in one segment");
        if (mss > 0 && size > mss) {
            throw new RuleBroken("mss", "a " + size + "-byte payload does not fit in one segment of the MSS " + mss
                    + " (a request is one segment, as in dperf; both sides announce their 'mss')", "raise 'mss' or shorten the payload");
        }
        if (size > max) {
            throw new RuleBroken(payloadFile != null ? "payload_file" : "payload_size", "a " + size + "-byte payload does not fit in one "
                    + max + "-byte segment over " + (v6 ? "IPv6" : "IPv4") + (vxlan != null ? " in VXLAN" : "")
                    + " (a request is one segment, as in dperf; a server's longer response goes in a window of segments)",
                    "use a payload of at most " + max + " bytes with 'engine userspace'" + (jumboMtu == 0 ? ", or add 'jumbo'" : ""));
        }
    }

    /** The tunnel: outer IPv4 (the port's network), one worker, and no TAP (what would reach the kernel is inner frames). */
    private void checkVxlan() {
        if (port.address() instanceof Inet6Address) {
            throw new RuleBroken("port", "with 'vxlan' the port is on the outer network, which is IPv4 (as in dperf)",
                    "give the port an IPv4 address and gateway; the inner addresses ('client', 'server') may be IPv6");
        }
        if (cpus.size() > 1) throw new RuleBroken("vxlan", "'vxlan' runs on one worker in Sonde (dperf gives each NIC queue its own tunnel endpoint)",
                "list one CPU in 'cpu', or delete 'vxlan'");
        if (kni != null) throw new RuleBroken("vxlan", "'kni' is not available with 'vxlan'", "delete 'kni' or 'vxlan'");
        if (neighIgnore) throw new RuleBroken("neigh_ignore", "'neigh_ignore' is not available with 'vxlan': the inner addresses are answered"
                + " inside the tunnel, where the 'port' address is not", "delete 'neigh_ignore' or 'vxlan'");
    }

    /** kni-PORTIF, cut to the 15 characters an interface name may have. */
    private static String defaultKni(String portInterface) {
        String name = "kni-" + portInterface;
        return name.length() > 15 ? name.substring(0, 15) : name;
    }

    private void checkFamilies() {
        Boolean v6 = null;
        for (List<AddressRange> group : List.of(clients, servers)) {
            for (AddressRange r : group) {
                boolean is6 = r.first() instanceof Inet6Address;
                if (v6 != null && v6 != is6) {
                    throw new RuleBroken(group == clients ? "client" : "server", "IPv4 and IPv6 addresses are mixed",
                            "use one address family in 'client' and 'server'");
                }
                v6 = is6;
            }
        }
    }

    /** dperf indexes its socket table by the client address's low two bytes, so they must be unique. */
    private void checkClientLow16() {
        Set<Integer> seen = new HashSet<>();
        for (AddressRange r : clients) {
            for (int i = 0; i < r.count(); i++) {
                if (!seen.add(r.low16(i))) throw new RuleBroken("client", "duplicate client ip address's last 2 bytes (" + r.get(i).getHostAddress() + ")",
                        "make the client ranges disjoint in their last two bytes");
            }
        }
    }

    private void checkOverlaps() {
        for (int i = 0; i < servers.size(); i++) {
            for (int j = i + 1; j < servers.size(); j++) {
                if (overlap(servers.get(i), servers.get(j))) throw new RuleBroken("server", "duplicate server ip address: ranges "
                        + servers.get(i) + " and " + servers.get(j) + " overlap", "make the server ranges disjoint");
            }
        }
        for (AddressRange c : clients) {
            for (AddressRange s : servers) {
                if (overlap(c, s)) throw new RuleBroken("client", "client and server address conflict: " + c + " overlaps " + s,
                        "use different addresses for the clients and the servers, e.g. client 127.0.0.2 N and server 127.0.0.1 1");
            }
        }
    }

    private static boolean overlap(AddressRange a, AddressRange b) {
        for (int i = 0; i < a.count(); i++) {
            InetAddress x = a.get(i);
            if (b.contains(x)) return true;
        }
        return false;
    }

    /**
     * dperf's {@code config_check_target}: each worker must have enough 4-tuples for its share of
     * cc, and for the connections its share of cps keeps alive for one RTO. With kernel sockets a
     * source address offers the explicit port range or the kernel's ephemeral range.
     */
    private void checkSockets(long workers) {
        long addresses = 0;
        for (AddressRange r : clients) addresses += r.count();
        if (addresses == 0) addresses = 1;
        long serverAddresses = 0;
        for (AddressRange r : servers) serverAddresses += r.count();
        long ports = clientPorts != null ? clientPorts.size() : engine == Engine.USERSPACE ? 65_535 : ConfigParser.EPHEMERAL_PORTS;
        long tuples = addresses * ports * (listenCount == 0 ? 1 : listenCount) * serverAddresses;
        long perWorker = tuples / workers;
        long ccPerWorker = cc / workers;
        int rtoSeconds = rto == 0 ? ConfigParser.DEFAULT_RTO_SECONDS : rto;
        long cpsPerWorker = cps / workers * rtoSeconds;
        String hint = "add source addresses ('client 127.0.0.2 50' on loopback), listen ports or a wider client_port_range";
        if (perWorker < ccPerWorker) throw new RuleBroken("cc", "insufficient sockets: " + perWorker + " source/destination pairs per worker for cc "
                + ccPerWorker + " per worker", hint);
        if (perWorker < cpsPerWorker) throw new RuleBroken("cps", "insufficient sockets: " + perWorker + " source/destination pairs per worker for the "
                + cpsPerWorker + " connections cps keeps open for one retransmit_timeout", hint);
    }
}
