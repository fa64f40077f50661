package org.sonde.replay.queues;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;
import org.sonde.core.BadInputException;
import org.sonde.core.InputFiles;
import org.sonde.core.ScratchDirectory;
import org.sonde.replay.connection.ConnectionReplay;
import org.sonde.replay.connection.ConnectionReplays;
import org.sonde.replay.connection.ReplayDivergenceException;
import org.sonde.replay.connection.ReplayedPacket;
import org.sonde.replay.recording.Arrival;
import org.sonde.replay.recording.ConnectionLog;
import org.sonde.replay.recording.RateSampler;
import org.sonde.replay.recording.Recorder;
import org.sonde.replay.recording.Recording;
import org.sonde.replay.recording.RecordingFile;
import org.sonde.replay.recording.ScenarioRecording;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.FrameFate;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.Network;
import org.sonde.sim.scenario.ScenarioLoader;
import org.sonde.sim.scenario.Simulation;
import org.sonde.sim.scenario.TransportFactory;
import org.sonde.sim.scenario.Transports;
import org.sonde.sim.stats.RunStatistics;
import org.sonde.sim.tcp.TcpConfig;
import org.sonde.sim.tcp.TcpFlowTransport;
import org.sonde.sim.traffic.FlowProgress;
import org.sonde.sim.traffic.FlowTransport;

/**
 * DETER's switch-queue replay (NSDI'19 §3.4, evaluated as in §5.4): every connection of a recording replayed alone
 * gives its packets; each is pushed open-loop into the same fabric (the scenario's topology, routes, ECMP hashing,
 * link rates and delays, buffer policy) at its send time as the recording's samples infer it, plus its host's clock
 * error; the queues it builds are compared with the run's.
 *
 * <p>The run's queues are ground truth gathered by running the recorded scenario again (the simulator is
 * deterministic, and the run again must record to the very bytes of the recording, or the replay refuses it) with
 * a {@link QueueWatch} on every switch: per egress queue, at every packet's arrival, the bytes of each flow in it,
 * and where each packet was dropped. The replay watches its queues the same way. Two replays: switches dropping by
 * their buffer rule, and DETER's tagging, where hosts tag the packets the recording says were lost (the receiver's
 * arrivals have a gap there) and switches drop only tagged packets, and only when the queue holds more than its
 * limit (the dynamic threshold, α × the free buffer, or the free buffer) less a margin of 5 MTU; untagged packets
 * are always admitted.
 */
public final class QueueReplay {
    /** Queues in the result's table, and queues plotted. */
    private static final int TABLE_QUEUES = 20;
    private static final int PLOTTED_QUEUES = 4;
    private static final int SERIES_POINTS = 2_000;
    private static final int CDF_POINTS = 4_000;
    private static final int REASONS_KEPT = 10;
    private static final String HINT = "give a directory written by sonde replay record";

    /** Told what the replay is doing: {@code done} of {@code total} (0: unknown) in {@code phase}. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (phase, done, total) -> {};

        void update(String phase, long done, long total);
    }

    private QueueReplay() {
    }

    /**
     * A packet to push: its send time in the replay, the frame (copied for each replay: switches mark frames), and
     * whether the recording has it arriving.
     */
    private record Send(long timeNanos, ReplayFrame frame, boolean arrived) {}

    /** One connection's packets, or why it could not be replayed. */
    private record Replayed(List<Send> sends, long maxError, int maxFrame, String problem) {}

    /** The run again: per flow key, per packet index, the hops it made (queue, then its contents as the packet found them). */
    private static final class Truth {
        final List<List<int[]>> hops = new ArrayList<>();
        QueueWatch watch;
        int switches;
        int hosts;
        /**
         * Packets the recording says did not arrive that no switch dropped: still on their way (in the fabric or in
         * their receiver's processing) when the run stopped, so the run gives them no fate to compare drops with.
         */
        final Set<Long> undecided = new HashSet<>();

        void arrived(long packet, int queue, QueueContents c) {
            if (packet < 0) return;
            int flow = QueueWatch.flowOf(packet);
            int index = (int) (packet & 0xFFFF_FFFFL);
            while (hops.size() <= flow) hops.add(new ArrayList<>());
            List<int[]> byIndex = hops.get(flow);
            while (byIndex.size() <= index) byIndex.add(null);
            int[] s = c.snapshot(1);
            s[0] = queue;
            int[] had = byIndex.get(index);
            if (had == null) {
                byIndex.set(index, s);
            } else {
                int[] both = Arrays.copyOf(had, had.length + s.length);
                System.arraycopy(s, 0, both, had.length, s.length);
                byIndex.set(index, both);
            }
        }

        /** Where in the packet's hops its arrival at {@code queue} is (the index of the flow count), or -1. */
        int find(long packet, int queue) {
            int flow = QueueWatch.flowOf(packet);
            int index = (int) (packet & 0xFFFF_FFFFL);
            if (flow < 0 || flow >= hops.size() || index >= hops.get(flow).size()) return -1;
            int[] h = hops.get(flow).get(index);
            if (h == null) return -1;
            for (int at = 0; at < h.length; at += 2 + 2 * h[at + 1]) if (h[at] == queue) return at + 1;
            return -1;
        }

        int[] hopsOf(long packet) {
            return hops.get(QueueWatch.flowOf(packet)).get((int) (packet & 0xFFFF_FFFFL));
        }
    }

    /** One replay's comparison with the run, queue by queue. */
    private static final class Comparison {
        final Longs all = new Longs();
        final Map<Integer, Longs> byQueue = new HashMap<>();
        QueueWatch watch;
    }

    /**
     * Replays the switch queues of the recording in {@code dir} (written by {@code sonde replay record}).
     *
     * @throws BadInputException if {@code dir} holds no recording, or no scenario to run again, or the scenario no
     *                           longer gives the recorded run
     */
    public static QueueReplayResult replay(Path dir, QueueReplayOptions options, Progress progress) {
        long t0 = System.nanoTime();
        Progress p = progress == null ? Progress.NONE : progress;
        Recording rec = ScenarioRecording.read(dir);
        Path scenario = dir.resolve(ScenarioRecording.SCENARIO);
        if (!Files.isRegularFile(scenario)) {
            throw new BadInputException(dir.toString(), null, "has no " + ScenarioRecording.SCENARIO + ", so there is no topology to replay the queues in",
                    "record the scenario again with this Sonde: sonde replay record SCENARIO --out DIR", null);
        }
        byte[] recordedBytes = InputFiles.readBytes(Files.isDirectory(dir) ? dir.resolve(ScenarioRecording.RECORDING) : dir, "recording", HINT);
        try (ScratchDirectory scratchDirectory = ScratchDirectory.create("sonde-replay-queues")) {
            Path scratch = scratchDirectory.path();
            Truth truth = runAgain(scenario, rec, recordedBytes, scratch, p);
            List<Replayed> replayed = replayConnections(rec, options, p);
            Map<Integer, List<Send>> byHost = new HashMap<>();
            List<String> reasons = new ArrayList<>();
            int ok = 0;
            int mtu = 0;
            long maxError = 0;
            long packets = 0;
            for (Replayed r : replayed) {
                if (r.problem != null) {
                    if (reasons.size() < REASONS_KEPT) reasons.add(r.problem);
                    continue;
                }
                ok++;
                mtu = Math.max(mtu, r.maxFrame);
                maxError = Math.max(maxError, r.maxError);
                packets += r.sends.size();
                for (int i = 0; i < r.sends.size(); i++) {
                    Send s = r.sends.get(i);
                    byHost.computeIfAbsent(s.frame.sourceIp, k -> new ArrayList<>()).add(s);
                    if (!s.arrived && !truth.watch.drops().containsKey(s.frame.packet)) truth.undecided.add(s.frame.packet);
                }
            }
            if (mtu == 0) mtu = 1_514;
            SplittableRandom clocks = new SplittableRandom(rec.seed() * 0x9E37_79B9_7F4A_7C15L + 17);
            List<Integer> hostIps = new ArrayList<>(byHost.keySet());
            hostIps.sort(null);
            Map<Integer, Long> offsets = new HashMap<>();
            for (int ip : hostIps) offsets.put(ip, options.clockErrorNanos() == 0 ? 0 : clocks.nextLong(options.clockErrorNanos() + 1));
            Map<Integer, Send[]> schedule = new HashMap<>();
            for (Map.Entry<Integer, List<Send>> e : byHost.entrySet()) {
                long off = offsets.get(e.getKey());
                Send[] s = new Send[e.getValue().size()];
                for (int i = 0; i < s.length; i++) {
                    Send x = e.getValue().get(i);
                    s[i] = new Send(Math.max(0, x.timeNanos + off), x.frame, x.arrived);
                }
                Arrays.sort(s, Comparator.comparingLong(Send::timeNanos)); // stable: a connection's packets keep their order
                schedule.put(e.getKey(), s);
            }
            int margin = options.tagMarginMtu() * mtu;
            int[] top = topQueues(truth.watch);
            Set<Integer> plotted = new HashSet<>();
            for (int i = 0; i < Math.min(PLOTTED_QUEUES, top.length); i++) plotted.add(top[i]);
            Comparison untagged = push(scenario, rec, schedule, false, margin, truth, plotted::contains, scratch, p);
            Comparison tagged = options.tagging() ? push(scenario, rec, schedule, true, margin, truth, plotted::contains, scratch, p) : null;
            Comparison shown = tagged != null ? tagged : untagged;

            long[] all = shown.all.toArray();
            Arrays.sort(all);
            QueueReplayResult.Difference diff = new QueueReplayResult.Difference(all.length, mtus(mean(all), mtu),
                    mtus(RunStatistics.percentile(all, 0.5), mtu), mtus(RunStatistics.percentile(all, 0.99), mtu),
                    all.length == 0 ? 0 : mtus(all[all.length - 1], mtu));
            double[] sample = new double[Math.min(CDF_POINTS, all.length)];
            for (int i = 0; i < sample.length; i++) sample[i] = all[(int) ((long) i * all.length / sample.length)] / (double) mtu;
            List<QueueReplayResult.QueueFigure> figures = new ArrayList<>();
            Map<Integer, Long> runDrops = countByQueue(truth.watch.drops(), Set.of());
            Map<Integer, Long> replayDrops = countByQueue(shown.watch.drops(), truth.undecided);
            for (int i = 0; i < Math.min(TABLE_QUEUES, top.length); i++) {
                int q = top[i];
                long[] d = shown.byQueue.getOrDefault(q, new Longs()).toArray();
                Arrays.sort(d);
                QueueContents rep = shown.watch.queue(q);
                figures.add(new QueueReplayResult.QueueFigure(truth.watch.name(q), d.length, truth.watch.queue(q).max(), rep == null ? 0 : rep.max(),
                        mtus(mean(d), mtu), d.length == 0 ? 0 : mtus(RunStatistics.percentile(d, 0.99), mtu), runDrops.getOrDefault(q, 0L),
                        replayDrops.getOrDefault(q, 0L)));
            }
            List<QueueReplayResult.QueueSeries> series = new ArrayList<>();
            for (int i = 0; i < Math.min(PLOTTED_QUEUES, top.length); i++) {
                int q = top[i];
                double[][] run = points(truth.watch.series(q));
                double[][] rep = points(shown.watch.series(q));
                series.add(new QueueReplayResult.QueueSeries(truth.watch.name(q), run[0], run[1], rep[0], rep[1]));
            }
            return new QueueReplayResult(rec.scenario(), rec.seed(), truth.switches, truth.hosts, rec.endNanos(), rec.connections().size(), ok,
                    List.copyOf(reasons), packets, truth.undecided.size(), truth.watch.arrivals(), all.length, truth.watch.unrecorded(), mtu,
                    options.thresholdBound(rec), rec.thresholdNanos(),
                    options.clockErrorNanos(), options.tagMarginMtu(), maxError, diff,
                    DropComparison.of(truth.watch.drops(), untagged.watch.drops(), truth.undecided),
                    tagged == null ? null : DropComparison.of(truth.watch.drops(), tagged.watch.drops(), truth.undecided), List.copyOf(figures), List.copyOf(series),
                    sample, dropCauses(truth.watch, shown.watch, truth.undecided, mtu), collapses(shown.watch, truth.undecided, mtu),
                    (System.nanoTime() - t0) / 1e9);
        }
    }

    /** The scenario run again with its recorder, its queues watched; refused unless it records to the recording's bytes. */
    private static Truth runAgain(Path scenario, Recording rec, byte[] recordedBytes, Path scratch, Progress p) {
        Truth truth = new Truth();
        Map<Frame, Long> keys = new IdentityHashMap<>(); // frames in flight: the simulator's segments travel as themselves
        TcpConfig[] config = {null};
        Recorder recorder = new Recorder(rec.thresholdNanos(),
                (conn, side, index, t, seg) -> keys.put(seg, QueueWatch.packet(QueueContents.flowKey(conn, side), index)));
        Map<String, TransportFactory> factories = ScenarioRecording.recordedTransports(recorder, config);
        ScenarioLoader.Loaded loaded = new ScenarioLoader(scenario, factories, scratch).load(rec.seed());
        Simulation sim = loaded.simulation();
        Network net = sim.network();
        if (config[0] == null) {
            throw new BadInputException(scenario.toString(), "transports", "the scenario configures no tcp transport, so it is not the recorded run",
                    "record the scenario again with this Sonde", null);
        }
        truth.switches = net.switches().size();
        truth.hosts = net.hosts().size();
        truth.watch = new QueueWatch(net, f -> {
            Long k = keys.get(f);
            return k == null ? -1 : k;
        }, (pkt, q, c, now) -> truth.arrived(pkt, q, c), (pkt, at, out, f, c, byRule) -> {
            if (!byRule) keys.remove(f);
            return byRule;
        }, null);
        FrameFate arrivedAtHost = new FrameFate() {
            @Override
            public void delivered(long nowNanos, Frame frame, org.sonde.sim.net.Port port) {
                keys.remove(frame);
            }
        };
        for (Host h : net.hosts()) h.nic().addFateListener(arrivedAtHost);
        RunStatistics stats = sim.run(loaded.durationNanos(), (now, end, events) -> p.update("us of the run again", now / 1000, end / 1000));
        byte[] again = RecordingFile.encode(recorder.finish(rec.scenario(), rec.seed(), sim.epochNanos(), stats.simulatedNanos(), config[0]));
        if (!Arrays.equals(again, recordedBytes)) {
            throw new BadInputException(scenario.toString(), null, "running the scenario again does not give the recorded run (its recording differs), "
                    + "so the run's queues cannot be known", "record the scenario again with this Sonde", null);
        }
        return truth;
    }

    private static List<Replayed> replayConnections(Recording rec, QueueReplayOptions o, Progress p) {
        AtomicInteger done = new AtomicInteger();
        int total = rec.connections().size();
        // the longest a packet took to arrive: one not arrived though sent longer ago than this before the end was lost
        long maxDelay = rec.connections().parallelStream().mapToLong(c -> {
            long m = 0;
            for (int side = 0; side < 2; side++) for (Arrival a : c.endpoint(side).decodeArrivals()) m = Math.max(m, a.delayNanos());
            return m;
        }).max().orElse(0);
        return rec.connections().parallelStream().map(c -> {
            Replayed r = replayOne(rec, c, o, maxDelay);
            p.update("connections replayed alone", done.incrementAndGet(), total);
            return r;
        }).toList();
    }

    private static Replayed failed(String why) {
        return new Replayed(List.of(), 0, 0, why);
    }

    /** One connection's packets with their inferred send times (before clock errors) and tags. */
    private static Replayed replayOne(Recording rec, ConnectionLog c, QueueReplayOptions o, long maxDelay) {
        if (c.problem() != null) return failed("connection " + c.id() + ": " + c.problem());
        ConnectionReplay r;
        try {
            r = ConnectionReplays.replayAlone(rec, c.id());
        } catch (ReplayDivergenceException e) {
            return failed(e.getMessage());
        }
        List<List<RateSampler.Sample>> samples = new ArrayList<>(2);
        List<Set<Long>> arrived = new ArrayList<>(2);
        long[] lastArrived = {-1, -1};
        for (int side = 0; side < 2; side++) {
            if (o.thresholdNanos() == QueueReplayOptions.RECORDED) {
                samples.add(c.endpoint(side).decodeSamples());
            } else {
                RateSampler sampler = new RateSampler(o.thresholdNanos());
                for (ReplayedPacket x : r.packets()) if (x.side() == side) sampler.add(x.index(), x.timeNanos());
                samples.add(sampler.finish());
            }
            Set<Long> got = new HashSet<>();
            for (Arrival a : c.endpoint(1 - side).decodeArrivals()) {
                got.add(a.index());
                lastArrived[side] = Math.max(lastArrived[side], a.index());
            }
            arrived.add(got);
        }
        List<Send> sends = new ArrayList<>(r.packets().size());
        long maxError = 0;
        int maxFrame = 0;
        for (ReplayedPacket x : r.packets()) {
            int side = x.side();
            long t = RateSampler.infer(samples.get(side), x.index());
            maxError = Math.max(maxError, Math.abs(t - x.timeNanos()));
            byte[] fr = x.frame();
            maxFrame = Math.max(maxFrame, fr.length);
            // the packets the recording shows lost (a gap before a later arrival, or not arrived though sent longer
            // before the end than any packet took to arrive) are tagged should-be-dropped; the others not arrived may
            // have been on their way when the run stopped
            boolean got = arrived.get(side).contains(x.index());
            boolean lost = !got && (x.index() < lastArrived[side] || t + o.thresholdBound(rec) + maxDelay < rec.endNanos());
            ReplayFrame f = new ReplayFrame(QueueWatch.packet(QueueContents.flowKey(c.id(), side), x.index()), lost, fr.length, c.priority());
            f.sourceIp = side == 0 ? c.clientIp() : c.serverIp();
            f.destinationIp = side == 0 ? c.serverIp() : c.clientIp();
            f.sourcePort = side == 0 ? c.clientPort() : c.serverPort();
            f.destinationPort = side == 0 ? c.serverPort() : c.clientPort();
            f.protocol = 6;
            f.ecn = fr[IpFrame.ETHERNET_HEADER + 1] & 3;
            sends.add(new Send(t, f, got));
        }
        return new Replayed(sends, maxError, maxFrame, null);
    }

    /** A tcp transport whose flows send nothing: the replay's fabric gets its packets from the recording alone. */
    private static final FlowTransport SILENT = new FlowTransport() {
        @Override
        public String name() {
            return "tcp";
        }

        @Override
        public FlowProgress start(org.sonde.sim.traffic.Flow flow, org.sonde.sim.traffic.FlowListener listener) {
            return new FlowProgress() {
                @Override
                public long deliveredBytes() {
                    return 0;
                }

                @Override
                public double control() {
                    return 0;
                }

                @Override
                public String controlUnit() {
                    return "bytes";
                }

                @Override
                public long retransmissions() {
                    return 0;
                }
            };
        }
    };

    /** The recorded packets pushed open-loop into the scenario's fabric, its queues watched and compared with the run's. */
    private static Comparison push(Path scenario, Recording rec, Map<Integer, Send[]> schedule, boolean tagging, int margin, Truth truth,
                                   IntPredicate plotted, Path scratch, Progress p) {
        Map<String, TransportFactory> factories = new LinkedHashMap<>(Transports.builtIn());
        factories.put("tcp", (network, section) -> {
            TcpFlowTransport.of(network, section); // the section checked as the run read it
            return SILENT;
        });
        Network net = new ScenarioLoader(scenario, factories, scratch).load(rec.seed()).simulation().network();
        Simulator clock = net.simulator();
        Comparison cmp = new Comparison();
        QueueWatch.Rule rule = tagging ? (pkt, at, out, f, c, byRule) -> {
            if (!(f instanceof ReplayFrame r) || !r.tagged) return true;
            long free = at.config().bufferBytes() - at.bufferUsed();
            double limit = Math.min(free, at.config().alpha() * free);
            return out.queuedBytes(f.priority) <= limit - margin;
        } : (pkt, at, out, f, c, byRule) -> byRule;
        cmp.watch = new QueueWatch(net, f -> f instanceof ReplayFrame r ? r.packet : -1, (pkt, q, c, now) -> {
            if (pkt < 0) return;
            int at = truth.find(pkt, q);
            if (at < 0) return;
            long d = c.difference(truth.hopsOf(pkt), at);
            cmp.all.add(d);
            cmp.byQueue.computeIfAbsent(q, k -> new Longs()).add(d);
        }, rule, plotted);
        for (Map.Entry<Integer, Send[]> e : schedule.entrySet()) {
            Host h = net.host(e.getKey());
            if (h == null) {
                throw new BadInputException(scenario.toString(), null, "the recording has a connection from an address no host of the scenario has",
                        "record the scenario again with this Sonde", null);
            }
            Send[] s = e.getValue();
            Runnable sender = new Runnable() {
                int next;

                @Override
                public void run() {
                    long now = clock.now();
                    while (next < s.length && s[next].timeNanos <= now) h.send((IpFrame) s[next++].frame.copy());
                    if (next < s.length) clock.at(s[next].timeNanos, this);
                }
            };
            if (s.length > 0) clock.at(s[0].timeNanos, sender);
        }
        long end = rec.endNanos();
        String phase = "us replayed" + (tagging ? " with tagging" : " without tagging");
        while (!clock.runUntil(end, Simulation.PROGRESS_EVENTS)) p.update(phase, clock.now() / 1000, end / 1000);
        p.update(phase, end / 1000, end / 1000);
        return cmp;
    }

    private static QueueReplayResult.DropCauses dropCauses(QueueWatch run, QueueWatch replay, Set<Long> undecided, int mtu) {
        long runCollapse = 0, replayTail = 0, replayCollapse = 0, both = 0;
        Map<Long, Integer> runCollapses = new HashMap<>();
        for (QueueDrop d : run.dropped()) {
            if (d.thresholdCollapse(mtu)) {
                runCollapse++;
                runCollapses.put(d.packet(), d.queue());
            }
        }
        for (QueueDrop d : replay.dropped()) {
            if (undecided.contains(d.packet())) continue;
            if (!d.thresholdCollapse(mtu)) {
                replayTail++;
                continue;
            }
            replayCollapse++;
            if (Integer.valueOf(d.queue()).equals(runCollapses.get(d.packet()))) both++;
        }
        return new QueueReplayResult.DropCauses(run.dropped().size() - runCollapse, runCollapse, replayTail, replayCollapse, both);
    }

    /** The collapse drops of {@code w}, one episode per queue and peak of its busy period, most drops first. */
    private static List<QueueReplayResult.Collapse> collapses(QueueWatch w, Set<Long> undecided, int mtu) {
        Map<List<Long>, List<QueueDrop>> episodes = new LinkedHashMap<>();
        for (QueueDrop d : w.dropped()) {
            if (!undecided.contains(d.packet()) && d.thresholdCollapse(mtu)) {
                episodes.computeIfAbsent(List.of((long) d.queue(), d.peakNanos()), k -> new ArrayList<>()).add(d);
            }
        }
        List<QueueReplayResult.Collapse> out = new ArrayList<>();
        for (List<QueueDrop> e : episodes.values()) {
            QueueDrop first = e.getFirst();
            Set<Integer> connections = new TreeSet<>();
            for (QueueDrop d : e) connections.add(QueueContents.connectionOf(QueueWatch.flowOf(d.packet())));
            out.add(new QueueReplayResult.Collapse(w.name(first.queue()), first.nanos() / 1e3, e.getLast().nanos() / 1e3, e.size(), first.peakNanos() / 1e3,
                    first.peakBytes(), first.queueBytes(), first.othersGrowthBytes(), first.fullestOther() < 0 ? null : w.name(first.fullestOther()),
                    first.fullestOtherBytes(), List.copyOf(connections)));
        }
        out.sort(Comparator.comparingInt((QueueReplayResult.Collapse c) -> -c.drops()).thenComparingDouble(QueueReplayResult.Collapse::firstDropMicros));
        return List.copyOf(out.subList(0, Math.min(TABLE_QUEUES, out.size())));
    }

    /** The run's queues that held anything, fullest first. */
    private static int[] topQueues(QueueWatch w) {
        List<Integer> qs = new ArrayList<>();
        for (int q = 0; q < w.queueCount(); q++) if (w.queue(q) != null && w.queue(q).max() > 0) qs.add(q);
        qs.sort(Comparator.comparingLong((Integer q) -> -w.queue(q).max()).thenComparing(w::name));
        return qs.stream().mapToInt(Integer::intValue).toArray();
    }

    private static Map<Integer, Long> countByQueue(Map<Long, Integer> drops, Set<Long> undecided) {
        Map<Integer, Long> n = new HashMap<>();
        for (Map.Entry<Long, Integer> e : drops.entrySet()) if (!undecided.contains(e.getKey())) n.merge(e.getValue(), 1L, Long::sum);
        return n;
    }

    private static double mean(long[] v) {
        if (v.length == 0) return 0;
        double sum = 0;
        for (long x : v) sum += x;
        return sum / v.length;
    }

    private static double mtus(double bytes, int mtu) {
        return bytes / mtu;
    }

    /** The series as µs and bytes, thinned to the extremes of each bucket so that peaks survive. */
    private static double[][] points(Longs s) {
        if (s == null) return new double[][] {new double[0], new double[0]};
        int n = s.size();
        int buckets = SERIES_POINTS / 2;
        List<Integer> keep = new ArrayList<>();
        if (n <= SERIES_POINTS) {
            for (int i = 0; i < n; i++) keep.add(i);
        } else {
            for (int b = 0; b < buckets; b++) {
                int from = (int) ((long) b * n / buckets);
                int to = (int) ((long) (b + 1) * n / buckets);
                int lo = from, hi = from;
                for (int i = from; i < to; i++) {
                    if (QueueWatch.sampleBytes(s.get(i)) < QueueWatch.sampleBytes(s.get(lo))) lo = i;
                    if (QueueWatch.sampleBytes(s.get(i)) > QueueWatch.sampleBytes(s.get(hi))) hi = i;
                }
                keep.add(Math.min(lo, hi));
                if (lo != hi) keep.add(Math.max(lo, hi));
            }
        }
        double[] xs = new double[keep.size()];
        double[] ys = new double[keep.size()];
        for (int i = 0; i < xs.length; i++) {
            long v = s.get(keep.get(i));
            xs[i] = QueueWatch.sampleTime(v) / 1e3;
            ys[i] = QueueWatch.sampleBytes(v);
        }
        return new double[][] {xs, ys};
    }
}
