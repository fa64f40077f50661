package org.sonde.replay.butterfly;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.sonde.core.BadInputException;
import org.sonde.core.ScratchDirectory;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.scenario.ScenarioLoader;
import org.sonde.sim.scenario.TransportFactory;
import org.sonde.sim.scenario.Transports;
import org.sonde.sim.tcp.TcpFlowTransport;
import org.sonde.sim.tcp.TcpObserver;
import org.sonde.sim.tcp.TcpSegment;
import org.sonde.sim.tcp.TcpSocket;
import org.sonde.sim.traffic.Flow;
import org.sonde.sim.traffic.FlowListener;
import org.sonde.sim.traffic.FlowProgress;
import org.sonde.sim.traffic.FlowTransport;

/**
 * DETER's butterfly effect (§2.2, Figs. 2–3): re-executing a run cannot reproduce its connections once timing varies
 * a little. The scenario runs once as it is and then again with every flow's start moved by a random amount below
 * {@code jitterNanos} (a separate random stream, so nothing else of the run changes); per connection (its address and
 * port pair) the packet sequence of each direction — sequence and acknowledgement numbers, flags, payload length —
 * is compared with the first run's. Replay, by contrast, reproduces every connection exactly
 * ({@link org.sonde.replay.connection.ReplayCheck}). Public for {@code bench/replay/ButterflyBench.java}, which
 * measures Figs. 2–3 into BENCHMARKS.md.
 */
public final class Butterfly {
    /**
     * One re-execution: how many connections of the first run sent another packet sequence, or did not exist, or
     * retransmitted another number of segments, or timed out (RTO) another number of times.
     */
    public record Rerun(long jitterSeed, int differing, int missing, int retransmissionsChanged, int timeoutsChanged) {
        /** Every connection timed out as often as in the first run: the run's timeouts are reproduced. */
        public boolean timeoutsReproduced() {
            return missing == 0 && timeoutsChanged == 0;
        }
    }

    public record Result(String scenario, long seed, long jitterNanos, int connections, long timeouts, List<Rerun> reruns) {
        /** The share of re-executions that reproduced every connection's timeouts. */
        public double timeoutReproductionRate() {
            return reruns.stream().filter(Rerun::timeoutsReproduced).count() / (double) reruns.size();
        }
    }

    private Butterfly() {
    }

    /** Per connection and direction: packets and a hash of their TCP sequence; retransmitted segments and RTOs. */
    private static final class Digest implements TcpObserver {
        final Map<String, long[]> byConnection = new LinkedHashMap<>();

        private long[] of(TcpSocket s, boolean[] first) {
            String local = Ipv4Address.format(s.host().ip()) + ":" + s.localPort();
            String remote = Ipv4Address.format(s.remoteIp()) + ":" + s.remotePort();
            first[0] = local.compareTo(remote) < 0;
            return byConnection.computeIfAbsent(first[0] ? local + "-" + remote : remote + "-" + local, k -> new long[6]);
        }

        @Override
        public void timer(TcpSocket s, TimerKind kind, boolean done) {
            if (!done && kind == TimerKind.RETRANS) of(s, new boolean[1])[5]++;
        }

        @Override
        public void sent(TcpSocket s, TcpSegment seg) {
            boolean[] first = new boolean[1];
            long[] d = of(s, first);
            int dir = first[0] ? 0 : 2;
            long h = d[dir];
            for (long v : new long[] {seg.seq & 0xFFFF_FFFFL, seg.ack & 0xFFFF_FFFFL, seg.flags, seg.payloadBytes}) h = (h ^ v) * 0x100000001B3L;
            d[dir] = h;
            d[dir + 1]++;
            if (seg.retransmission) d[4]++;
        }
    }

    /** Starts each flow up to {@code jitter} ns late. */
    private record Jittered(FlowTransport inner, SplittableRandom random, long jitter, org.sonde.sim.kernel.Simulator sim) implements FlowTransport {
        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public FlowProgress start(Flow flow, FlowListener listener) {
            FlowProgress[] started = {null};
            sim.at(sim.now() + random.nextLong(jitter + 1), () -> started[0] = inner.start(flow, listener));
            return new FlowProgress() {
                @Override
                public long deliveredBytes() {
                    return started[0] == null ? 0 : started[0].deliveredBytes();
                }

                @Override
                public double control() {
                    return started[0] == null ? 0 : started[0].control();
                }

                @Override
                public String controlUnit() {
                    return started[0] == null ? "" : started[0].controlUnit();
                }

                @Override
                public long retransmissions() {
                    return started[0] == null ? 0 : started[0].retransmissions();
                }
            };
        }

        @Override
        public Map<String, Map<String, Long>> countersByHost() {
            return inner.countersByHost();
        }
    }

    private static Map<String, long[]> run(Path scenario, long seed, long jitter, long jitterSeed) {
        Digest digest = new Digest();
        boolean[] tcp = {false};
        Map<String, TransportFactory> factories = new LinkedHashMap<>(Transports.builtIn());
        factories.put("tcp", (network, section) -> {
            TcpFlowTransport t = TcpFlowTransport.of(network, section);
            t.observe(digest);
            tcp[0] = true;
            return jitter == 0 ? t : new Jittered(t, new SplittableRandom(jitterSeed), jitter, network.simulator());
        });
        // a scenario's own captures would go nowhere useful here: they are written to a directory deleted afterwards
        try (ScratchDirectory scratch = ScratchDirectory.create("sonde-butterfly")) {
            ScenarioLoader.Loaded loaded = new ScenarioLoader(scenario, factories, scratch.path()).load(seed);
            if (!tcp[0]) throw new BadInputException(scenario.toString(), "transports", "the scenario configures no tcp transport", null, null);
            loaded.simulation().run(loaded.durationNanos(), null);
        }
        return digest.byConnection;
    }

    /**
     * Runs {@code scenario} once as it is and {@code reruns} times with flow starts jittered by up to {@code jitterNanos}.
     * A {@code jitterNanos} of 0 re-executes exactly (and must find no difference: the simulator is deterministic).
     */
    public static Result measure(Path scenario, long seed, long jitterNanos, int reruns) {
        if (jitterNanos < 0 || reruns < 1) throw new IllegalArgumentException("need jitter >= 0 and at least one rerun");
        Map<String, long[]> base = run(scenario, seed, 0, 0);
        List<Rerun> out = new ArrayList<>();
        for (int i = 1; i <= reruns; i++) {
            Map<String, long[]> again = run(scenario, seed, jitterNanos, i);
            int differing = 0;
            int missing = 0;
            int retrans = 0;
            int timeouts = 0;
            for (Map.Entry<String, long[]> e : base.entrySet()) {
                long[] b = e.getValue();
                long[] a = again.get(e.getKey());
                if (a == null) {
                    missing++;
                    continue;
                }
                if (a[0] != b[0] || a[1] != b[1] || a[2] != b[2] || a[3] != b[3]) differing++;
                if (a[4] != b[4]) retrans++;
                if (a[5] != b[5]) timeouts++;
            }
            out.add(new Rerun(i, differing, missing, retrans, timeouts));
        }
        long baseTimeouts = base.values().stream().mapToLong(d -> d[5]).sum();
        return new Result(scenario.getFileName().toString(), seed, jitterNanos, base.size(), baseTimeouts, List.copyOf(out));
    }
}
