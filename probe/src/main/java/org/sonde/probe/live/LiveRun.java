package org.sonde.probe.live;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.sonde.core.BadInputException;
import org.sonde.packet.Ipv4Address;
import org.sonde.probe.localize.ProbeRecord;
import org.sonde.probe.localize.ProbesCsv;
import org.sonde.probe.plan.Plan;
import org.sonde.probe.plan.Tuple;
import org.sonde.probe.topology.Agent;
import org.sonde.probe.topology.Topology;

/**
 * Runs a plan live on a namespace testbed ({@code sonde probe agent}'s entry point): every agent,
 * in its own host's namespace and thread, traces its tuples and the reversed tuples of the probes
 * it receives (so answers' ways back are known), then pings each of its tuples once per round,
 * all at most at its own rate; one window after another. Records one {@link ProbeRecord} per ping
 * and per traceroute.
 */
public final class LiveRun {
    /**
     * @param windows        windows to run
     * @param pings          pings per tuple and window (rounds per window)
     * @param roundMillis    the shortest round; a round lasts longer when the rate does not allow it
     * @param agentRate      most probes (pings and traceroute SYNs) an agent sends per second
     * @param timeoutMillis  how long an answer is waited for
     * @param traceAttempts  how often an unanswered traceroute hop is asked again
     * @param maxTtl         the longest path traced
     */
    public record Options(int windows, int pings, long roundMillis, double agentRate, int timeoutMillis, int traceAttempts, int maxTtl) {
        public Options {
            if (windows < 1 || pings < 1 || roundMillis < 0 || !(agentRate > 0) || timeoutMillis < 1 || traceAttempts < 1 || maxTtl < 2 || maxTtl > 64)
                throw new IllegalArgumentException("windows, pings, a positive rate, a timeout and trace attempts of at least 1, a round of 0 ms or more, 2 to 64 TTLs");
        }

        public static Options defaults() {
            return new Options(2, 100, 10, 1000, 1000, 3, 16);
        }
    }

    /**
     * What a run did.
     *
     * @param planReloads   new plans the agents took from the plan file between windows ({@link PlanCache})
     * @param rejectedPlans why each plan file that did not load was set aside (the cached plan stayed in force)
     */
    public record Summary(int windows, long pings, long lostPings, long traces, long completeTraces, double seconds, int planReloads,
                          List<String> rejectedPlans) {
        public Summary {
            rejectedPlans = List.copyOf(rejectedPlans);
        }

        public List<String> lines() {
            List<String> out = new ArrayList<>(List.of("%d windows in %.1f s: %,d pings, %,d lost (%.2f %%); %,d traceroutes, %,d complete"
                    .formatted(windows, seconds, pings, lostPings, pings == 0 ? 0 : 100.0 * lostPings / pings, traces, completeTraces)));
            if (planReloads > 0) out.add("took a new plan " + planReloads + (planReloads == 1 ? " time" : " times") + " between windows");
            for (String r : rejectedPlans) out.add("a plan file was set aside: " + r);
            return out;
        }

        static Summary of(List<ProbeRecord> records, int windows, double seconds, int reloads, List<String> rejected) {
            long pings = 0, lost = 0, traces = 0, complete = 0;
            for (ProbeRecord r : records) {
                if (r.kind() == ProbeRecord.Kind.PING) {
                    pings++;
                    if (!r.outcome().answered()) lost++;
                } else {
                    traces++;
                    if (r.outcome() == ProbeRecord.Outcome.COMPLETE) complete++;
                }
            }
            return new Summary(windows, pings, lost, traces, complete, seconds, reloads, rejected);
        }
    }

    private LiveRun() {}

    /**
     * {@code sonde probe agent}: runs the cached plan on the kept testbed {@code prefix} that
     * {@code sonde probe testbed up} made of {@code topology}, refreshing it from its file before every
     * window after the first (see {@link #run(NamespaceNetwork, Plan, Options, Fault, Consumer)}).
     */
    public static Summary run(Topology topology, String prefix, PlanCache plans, Options options, Fault fault, Consumer<List<ProbeRecord>> sink) {
        try (NamespaceNetwork net = NamespaceNetwork.attach(topology, prefix)) {
            return run(net, plans.plan(), plans, options, fault, sink);
        }
    }

    /**
     * Runs {@code options.windows()} windows of {@code plan} and gives every record to {@code sink}
     * (e.g. {@link ProbesCsv#write(java.nio.file.Path, List)}) at the end.
     *
     * @param fault put in place after the first window (a clean baseline, whose traceroutes give
     *              every tuple a path) and taken away at the end; null for none
     */
    public static Summary run(NamespaceNetwork net, Plan plan, Options options, Fault fault, Consumer<List<ProbeRecord>> sink) {
        return run(net, plan, null, options, fault, sink);
    }

    /** {@code cache}: where {@code plan} came from, refreshed before every window after the first; null for a fixed plan. */
    private static Summary run(NamespaceNetwork net, Plan plan, PlanCache cache, Options options, Fault fault, Consumer<List<ProbeRecord>> sink) {
        long t0 = System.nanoTime();
        List<ProbeRecord> all = new ArrayList<>();
        // a run stopped with Ctrl-C still takes its fault away: the testbed outlives the run
        Thread undo = fault == null ? null : new Thread(() -> clearQuietly(net, fault), "probe-fault-cleanup");
        boolean applied = false;
        try {
            for (int w = 0; w < options.windows(); w++) {
                if (w == 1 && fault != null) {
                    Runtime.getRuntime().addShutdownHook(undo);
                    applied = true;
                    net.apply(fault);
                }
                if (cache != null && w > 0 && cache.refresh()) plan = cache.plan();
                all.addAll(window(net, plan, options, w));
            }
        } finally {
            if (applied) {
                try {
                    Runtime.getRuntime().removeShutdownHook(undo);
                } catch (IllegalStateException e) {
                    // shutting down: the hook clears it
                }
                net.clear(fault);
            }
        }
        sink.accept(all);
        return Summary.of(all, options.windows(), (System.nanoTime() - t0) / 1e9, cache == null ? 0 : cache.reloads(),
                cache == null ? List.of() : cache.rejected());
    }

    private static void clearQuietly(NamespaceNetwork net, Fault fault) {
        try {
            net.clear(fault);
        } catch (RuntimeException e) {
            // already cleared, or the testbed is gone
        }
    }

    /** One window: traceroutes, then pings, of every agent at once; the records in agent and send order. */
    public static List<ProbeRecord> window(NamespaceNetwork net, Plan plan, Options options, long window) {
        Topology t = net.layout().topology();
        check(plan, t);
        // per agent: its traces (its own tuples, then the reversed tuples of probes sent to it) and its pings
        Map<String, List<Flow>> traces = new LinkedHashMap<>(), pings = new LinkedHashMap<>();
        for (Agent a : t.agents()) {
            traces.put(a.name(), new ArrayList<>());
            pings.put(a.name(), new ArrayList<>());
        }
        for (Plan.AgentPlan ap : plan.agents()) {
            for (Plan.Target target : ap.targets()) {
                for (Tuple u : target.tuples()) {
                    Flow f = new Flow(t.agent(ap.agent()), t.agent(target.agent()), u.sourcePort(), u.destinationPort());
                    traces.get(ap.agent()).add(f);
                    pings.get(ap.agent()).add(f);
                    traces.get(target.agent()).add(new Flow(f.target, f.source, f.destinationPort, f.sourcePort));
                }
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(t.agents().size(), r -> {
            Thread th = new Thread(r, "probe-agent");
            th.setDaemon(true);
            return th;
        });
        try {
            List<Future<List<ProbeRecord>>> results = new ArrayList<>();
            for (Agent a : t.agents()) {
                if (traces.get(a.name()).isEmpty() && pings.get(a.name()).isEmpty()) continue;
                results.add(pool.submit(() -> new AgentRun(net, a, options, window).run(traces.get(a.name()), pings.get(a.name()))));
            }
            List<ProbeRecord> out = new ArrayList<>();
            for (Future<List<ProbeRecord>> f : results) out.addAll(f.get());
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while probing", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** The plan's agents must be the topology's, at its addresses (those the testbed gave them). */
    static void check(Plan plan, Topology t) {
        for (int i = 0; i < plan.agents().size(); i++) {
            Plan.AgentPlan ap = plan.agents().get(i);
            checkAgent(t, ap.agent(), ap.address(), "agents[" + i + "]");
            for (int j = 0; j < ap.targets().size(); j++)
                checkAgent(t, ap.targets().get(j).agent(), ap.targets().get(j).address(), "agents[" + i + "].targets[" + j + "]");
        }
    }

    private static void checkAgent(Topology t, String name, String address, String where) {
        Agent a = t.agent(name);
        if (a == null) throw new BadInputException("plan", where + ".agent", "agent " + name + " is not in the testbed's topology");
        if (!a.address().equals(address))
            throw new BadInputException("plan", where + ".address", "agent " + name + " is at " + a.address() + " on the testbed, not " + address);
    }

    private record Flow(Agent source, Agent target, int sourcePort, int destinationPort) {}

    /** One agent's window on its own thread. */
    private static final class AgentRun {
        private final NamespaceNetwork net;
        private final Agent agent;
        private final Options o;
        private final long window;
        private final int address;
        private final long wallMillis = System.currentTimeMillis();
        private final long nanos0 = System.nanoTime();

        AgentRun(NamespaceNetwork net, Agent agent, Options o, long window) {
            this.net = net;
            this.agent = agent;
            this.o = o;
            this.window = window;
            this.address = Layout.address(agent);
        }

        List<ProbeRecord> run(List<Flow> traces, List<Flow> pings) {
            List<ProbeRecord> out = new ArrayList<>();
            try (TcpProber p = new TcpProber(net.testbed(), net.node(agent), address, o.agentRate())) {
                out.addAll(trace(p, traces));
                out.addAll(ping(p, pings));
            }
            return out;
        }

        private long millis(long nanos) {
            return wallMillis + (nanos - nanos0) / 1_000_000;
        }

        private List<ProbeRecord> ping(TcpProber p, List<Flow> flows) {
            int[] ids = new int[flows.size() * o.pings()];
            long start = System.nanoTime();
            for (int r = 0; r < o.pings(); r++) {
                long due = start + r * o.roundMillis() * 1_000_000;
                long wait = due - System.nanoTime();
                if (wait > 0) LockSupport.parkNanos(wait);
                for (int i = 0; i < flows.size(); i++) {
                    Flow f = flows.get(i);
                    ids[r * flows.size() + i] = p.send(Layout.address(f.target), f.sourcePort, f.destinationPort, 64);
                }
            }
            awaitTimeout();
            p.drain();
            List<ProbeRecord> out = new ArrayList<>(ids.length);
            for (int k = 0; k < ids.length; k++) {
                Flow f = flows.get(k % flows.size());
                TcpProber.Sent s = p.sent(ids[k]);
                TcpProber.Answer a = s.answer;
                ProbeRecord.Outcome outcome = a == null ? ProbeRecord.Outcome.LOST : switch (a.kind()) {
                    case SYN_ACK -> ProbeRecord.Outcome.SYN_ACK;
                    case RST -> ProbeRecord.Outcome.RST;
                    default -> ProbeRecord.Outcome.UNREACHABLE;
                };
                double rtt = outcome.answered() ? (a.nanos() - s.nanos) / 1e6 : Double.NaN;
                out.add(record(ProbeRecord.Kind.PING, f, millis(s.nanos), outcome, rtt, List.of()));
                p.forget(ids[k]);
            }
            return out;
        }

        private void awaitTimeout() {
            LockSupport.parkNanos(o.timeoutMillis() * 1_000_000L);
        }

        private List<ProbeRecord> trace(TcpProber p, List<Flow> flows) {
            int n = flows.size(), ttls = o.maxTtl();
            // per trace and TTL: the answering probe (or the last one tried)
            TcpProber.Sent[][] answered = new TcpProber.Sent[n][ttls + 1];
            long[] first = new long[n];
            for (int attempt = 0; attempt < o.traceAttempts(); attempt++) {
                List<int[]> sentNow = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    int reached = reached(answered[i], flows.get(i));
                    for (int ttl = 1; ttl <= (reached > 0 ? reached - 1 : ttls); ttl++) {
                        if (answered[i][ttl] != null && answered[i][ttl].answer != null) continue;
                        Flow f = flows.get(i);
                        int id = p.send(Layout.address(f.target), f.sourcePort, f.destinationPort, ttl);
                        if (first[i] == 0) first[i] = p.sent(id).nanos;
                        sentNow.add(new int[] {i, ttl, id});
                    }
                }
                if (sentNow.isEmpty()) break;
                awaitTimeout();
                p.drain();
                for (int[] s : sentNow) {
                    TcpProber.Sent x = p.sent(s[2]);
                    if (answered[s[0]][s[1]] == null || answered[s[0]][s[1]].answer == null) answered[s[0]][s[1]] = x;
                    p.forget(s[2]);
                }
            }
            List<ProbeRecord> out = new ArrayList<>(n);
            Topology t = net.layout().topology();
            for (int i = 0; i < n; i++) {
                Flow f = flows.get(i);
                int reached = reached(answered[i], f);
                List<String> hops = new ArrayList<>(List.of(agent.name()));
                boolean complete = reached > 0;
                int last = reached > 0 ? reached : lastAnswered(answered[i]);
                for (int ttl = 1; ttl <= last; ttl++) {
                    TcpProber.Answer a = answered[i][ttl] == null ? null : answered[i][ttl].answer;
                    if (ttl < reached && (a == null || a.kind() != TcpProber.Kind.TIME_EXCEEDED)) complete = false;
                    if (a == null) {
                        hops.add("*");
                    } else {
                        int node = net.layout().nodeOf(a.from());
                        hops.add(node < 0 ? Ipv4Address.format(a.from()) : t.node(node).name());
                    }
                }
                double rtt = reached > 0 ? (answered[i][reached].answer.nanos() - answered[i][reached].nanos) / 1e6 : Double.NaN;
                out.add(record(ProbeRecord.Kind.TRACE, f, millis(first[i]), complete ? ProbeRecord.Outcome.COMPLETE : ProbeRecord.Outcome.INCOMPLETE, rtt, hops));
            }
            return out;
        }

        /** The smallest TTL the target itself answered (SYN-ACK or RST), 0 if none. */
        private static int reached(TcpProber.Sent[] byTtl, Flow f) {
            int target = Layout.address(f.target);
            for (int ttl = 1; ttl < byTtl.length; ttl++) {
                TcpProber.Answer a = byTtl[ttl] == null ? null : byTtl[ttl].answer;
                if (a != null && a.from() == target && (a.kind() == TcpProber.Kind.RST || a.kind() == TcpProber.Kind.SYN_ACK)) return ttl;
            }
            return 0;
        }

        private static int lastAnswered(TcpProber.Sent[] byTtl) {
            int last = 0;
            for (int ttl = 1; ttl < byTtl.length; ttl++) if (byTtl[ttl] != null && byTtl[ttl].answer != null) last = ttl;
            return last;
        }

        private ProbeRecord record(ProbeRecord.Kind kind, Flow f, long time, ProbeRecord.Outcome outcome, double rtt, List<String> hops) {
            return new ProbeRecord(window, time, kind, f.source.name(), f.target.name(), f.source.address(), f.sourcePort, f.target.address(),
                    f.destinationPort, outcome, rtt, hops);
        }
    }
}
