package org.sonde.sim.tcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.Distribution;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Scheduling;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.traffic.Flow;

/**
 * The scenario of DETER (NSDI'19) §2.1: senders A and B and a receiver R on one switch, 10 Gb/s links;
 * each sender starts two 20 MB flows, and 30 ms later A starts a 30 KB flow. The seed draws host
 * processing delays (normal, mean 10 µs as the paper measured) and start-time jitter.
 */
final class DeterScenario {
    static final long MS = 1_000_000L;
    static final long LONG_BYTES = 20_000_000;
    static final long SHORT_BYTES = 30_000;
    /**
     * rto_min chosen so that the short flow's RTO is about the paper's 16 ms: srtt (a few hundred µs of
     * queueing) plus rttvar, which tcp_rtt_estimator() floors at rto_min.
     */
    static final String RTO_MIN = "15ms";
    /** The paper's kernel is Linux 4.4: SYN-ACKs offer 10 segments (TCP_DEFAULT_INIT_RCVWND), so quick-ACK mode lasts 5 ACKs. */
    static final String INITIAL_RECEIVE_WINDOW = "14600";
    /** A 4 MB shared-buffer switch with dynamic threshold α = 1/8: one port queues at most about 440 KB. */
    static final long BUFFER_BYTES = 4_000_000;
    static final double ALPHA = 0.125;

    /** One run's outcome for the short flow. */
    record Result(long seed, long fctNanos, int senderTimeouts, long delayedAcksOfRetransmissions, long receiverDelayedAckLost,
                  long rtoNanos, long executedEvents) {
        /** The DETER pattern: a retransmission's ACK was delayed and the sender timed out again meanwhile. */
        boolean interplay() {
            return delayedAcksOfRetransmissions > 0 && senderTimeouts >= 2;
        }
    }

    /**
     * RACK and TLP off ({@code tcp_recovery = 0}, {@code tcp_early_retrans = 0}): the duplicate-threshold
     * recovery this scenario was first calibrated with. (The paper's Linux 4.4 had TLP, and RACK inside
     * recovery only; its run counted two RTOs.)
     */
    static final Map<String, Object> DUPTHRESH_RECOVERY = Map.of("recovery", 0, "early-retrans", 0);

    /** The run with Linux's current loss recovery (RACK-TLP) unless -Ddeter.recovery / -Ddeter.earlyretrans say otherwise. */
    static Result run(long seed) {
        return run(seed, Map.of("recovery", Integer.getInteger("deter.recovery", TcpConfig.LINUX.recovery()),
                "early-retrans", Integer.getInteger("deter.earlyretrans", TcpConfig.LINUX.earlyRetrans())));
    }

    /** One run; {@code recovery} adds {@code tcp:} keys (the loss recovery's). */
    static Result run(long seed, Map<String, Object> recovery) {
        Network net = new Network(seed);
        HostConfig hosts = new HostConfig(new Distribution.Normal(10_000, 1_000), Scheduling.EQUAL);
        Host a = net.addHost("A", hosts);
        Host b = net.addHost("B", hosts);
        Host r = net.addHost("R", hosts);
        Switch sw = net.addSwitch("sw", new SwitchConfig(Long.getLong("deter.buffer", BUFFER_BYTES), Double.parseDouble(System.getProperty("deter.alpha", String.valueOf(ALPHA))),
                org.sonde.sim.net.EcnMarking.OFF, org.sonde.sim.net.PfcThresholds.OFF, Scheduling.EQUAL));
        long rate = 10_000_000_000L;
        net.connect(a, sw, rate, 1_000);
        net.connect(b, sw, rate, 1_000);
        net.connect(r, sw, rate, 1_000);
        net.computeRoutes();
        // HyStart off (tcp_cubic's hystart=0) unless -Ddeter.hystart=true: with it the long flows leave slow
        // start before the buffer overflows and the short flow never loses a packet here (0 of 200 seeds).
        Map<String, Object> tcpKeys = new java.util.HashMap<>(recovery);
        tcpKeys.putAll(Map.of("rto-min", System.getProperty("deter.rtomin", RTO_MIN),
                "initial-receive-window", System.getProperty("deter.initrwnd", INITIAL_RECEIVE_WINDOW),
                "hystart", System.getProperty("deter.hystart", "false")));
        TcpConfig cfg = TcpConfig.parse(ConfigMap.of("tcp", tcpKeys));
        TcpFlowTransport tcp = new TcpFlowTransport(net, cfg);
        SplittableRandom jitter = net.random().stream("deter/start");
        long start = 1 * MS + jitter.nextLong(10_000);
        List<Flow> flows = new ArrayList<>();
        int id = 0;
        for (Host h : List.of(a, b)) {
            for (int i = 0; i < 2; i++) {
                flows.add(new Flow(id++, "long/" + h.name() + i, h, r, LONG_BYTES, start + jitter.nextLong(10_000), 0));
            }
        }
        Flow shortFlow = new Flow(id, "short", a, r, SHORT_BYTES, start + 30 * MS + jitter.nextLong(10_000), 0);
        flows.add(shortFlow);
        long[] finish = {-1};
        List<String> log = new ArrayList<>();
        if (Boolean.getBoolean("deter.debug")) {
            r.nic().addTap(new org.sonde.sim.net.PortTap() {
                public boolean transmitted() {
                    return true;
                }

                public boolean received() {
                    return true;
                }

                public void record(long now, org.sonde.sim.net.Frame f, org.sonde.sim.net.Port p) {
                    if (f instanceof TcpSegment t && (t.sourceIp == a.ip() || t.destinationIp == a.ip()) && now > start + 29 * MS)
                        log.add(String.format(java.util.Locale.ROOT, "%10.6f ms %s %s", (now - start) / 1e6, t.sourceIp == a.ip() ? "rx" : "tx", t));
                }
            });
        }
        for (Flow f : flows) {
            net.simulator().at(f.startNanos(), () -> tcp.start(f, (flow, at) -> {
                if (flow == shortFlow) finish[0] = at;
            }));
        }
        net.simulator().runUntil(start + 400 * MS);
        if (Boolean.getBoolean("deter.debug")) {
            System.out.println("drops " + sw.ports().get(2).counters().drops + " maxq " + sw.ports().get(2).counters().maxQueueBytes
                    + " A " + tcp.stack(a).counters() + "\nR " + tcp.stack(r).counters());
            for (TcpSocket s : tcp.stack(a).sockets()) System.out.println(s + " " + s.info());
            TcpSocket last = tcp.stack(a).sockets().getLast();
            String port = " " + last.localPort() + " ";
            for (String l : log) if (l.contains(port)) System.out.println(l);
        }
        TcpSocket sender = tcp.stack(a).sockets().getLast();
        TcpSocket receiver = tcp.stack(r).sockets().stream().filter(s -> s.remotePort() == sender.localPort() && s.remoteIp() == a.ip())
                .findFirst().orElse(null); // null: the handshake did not complete within the run
        return new Result(seed, finish[0] < 0 ? Long.MAX_VALUE : finish[0] - shortFlow.startNanos(), sender.timeouts(),
                receiver == null ? 0 : receiver.delayedAcksOfRetransmissions(), tcp.stack(r).counter(TcpCounter.TcpExtDelayedACKLost), sender.rtoNanos(),
                net.simulator().executedEvents());
    }
}
