package org.sonde.atpg.live;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;
import org.sonde.capture.CaptureReader;
import org.sonde.core.BadInputException;
import org.sonde.core.UsageException;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.reach.Model;
import org.sonde.netio.PacketSocket;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.Fault;
import org.sonde.atpg.Localizer;
import org.sonde.atpg.Performance;
import org.sonde.atpg.SuiteFiles;
import org.sonde.atpg.TestPacket;

/**
 * Sends a suite through a {@link LiveDataPlane} and judges what arrives: agents in the terminal
 * node send each test's frame (regular packets: the frames of {@code tests.pcap}; reserved ones
 * built the same way) out of its ingress terminal over AF_PACKET, addressed to the device port's
 * MAC (a test that enters at a port with a link is sent from the peer device's interface, or on a
 * shared segment from the port's end on the bridge, past the bridge), while a receiver on every terminal counts the copies of each test (told apart by the test
 * id the frame carries as payload) per exit and stamps their latency (at an exit, its last copy's, as
 * {@link Emulator} gives the largest of the copies leaving there). A test passes as in
 * {@link Emulator}: exactly the expected exits, as many copies at each, latency within the
 * threshold. Faults are put in place for the run and taken away after it ({@link LiveFaults}). A test whose source
 * Linux would drop as martian (0.0.0.0, which selection takes where the rules leave the source free) is sent from
 * 192.0.2.1 instead (and, unless the header says TCP, with the protocol UDP its frame carries) when the model forwards
 * that header exactly as the test's own, healthy and with the run's faults ({@link Emulator#standIns}), so it
 * observes the same elements.
 */
public final class LiveRun {
    /** How long the receiver waits after the last expected copy for unexpected ones. */
    private static final long SETTLE_NANOS = 100_000_000L;
    /** The source a test with a martian source is sent from when the model forwards it alike ({@link Emulator#standIns}): TEST-NET-1. */
    private static final long STAND_IN_SOURCE = 0xC000_0201L;
    /** Frames a terminal's receive ring holds: many rounds' worth of the copies one exit gets. */
    private static final int RECEIVE_RING = 2048;

    private LiveRun() {}

    /**
     * What one run gave.
     *
     * @param trains      with trains of two frames or more, the trains measured, as {@link Emulator#run(Model,
     *                    org.sonde.atpg.Suite, List, double, int)} gives them
     * @param links       each link's figures from those trains
     * @param sendSeconds the time to send the round's frames (each handed to the kernel on its own)
     */
    public record Outcome(List<Emulator.Result> results, List<NotRun> notRun, List<Performance.Train> trains,
                          List<Performance.LinkFigures> links, List<Performance.ClassFigures> classes, long framesSent, long copiesReceived,
                          double sendSeconds, double roundSeconds) {}

    /**
     * How a run goes.
     *
     * @param thresholdMs  latency above which a test fails, as for {@code atpg emulate}
     * @param rounds       rounds sent, faults in place throughout
     * @param everySeconds a round every this many seconds (0: back to back)
     * @param train        frames sent back to back per test (ATPG's performance tests, {@link Performance}; 1: one)
     */
    public record Options(double thresholdMs, int rounds, double everySeconds, int train) {
        public Options {
            if (rounds < 1) throw new UsageException("--rounds must be at least 1, got " + rounds);
            if (!(everySeconds >= 0)) throw new UsageException("--every must be zero or more seconds, got " + everySeconds);
            if (train < 1) throw new UsageException("--train must be at least 1 frame, got " + train);
        }

        /** One round, one frame per test. */
        public static Options once(double thresholdMs) {
            return new Options(thresholdMs, 1, 0, 1);
        }
    }

    /** A test left out of the results (so localisation reads nothing into it), and why. */
    public record NotRun(String id, String why) {}

    /**
     * Runs the suite in {@code suiteDir} on the data plane {@code name} (built from the model the
     * suite names) with {@code faults} in place; {@code thresholdMs} as for {@code atpg emulate}.
     */
    public static Outcome run(Path suiteDir, String name, List<Fault> faults, double thresholdMs) {
        return run(suiteDir, name, faults, Options.once(thresholdMs), r -> { }).getLast().outcome();
    }

    /**
     * One round of a periodic run.
     *
     * @param alert the localisation of the round's failures, null when every test passed
     */
    public record Round(int index, Outcome outcome, Localizer.Localization alert) {}

    /**
     * Periodic mode: the options' rounds, one every {@code everySeconds} (0: back to back), with
     * the faults in place throughout; a round with failures raises an alert carrying their
     * localisation. Each round goes to {@code each} as it ends; returns them all.
     */
    public static List<Round> run(Path suiteDir, String name, List<Fault> faults, Options options, java.util.function.Consumer<Round> each) {
        SuiteFiles.SuiteFile file = SuiteFiles.readSuite(suiteDir);
        Model model = file.network().load().model();
        List<TestPacket> tests = new ArrayList<>(file.suite().tests());
        int regular = tests.size();
        tests.addAll(file.suite().reserved());
        List<byte[]> frames = frames(suiteDir, model.network(), tests, regular);
        LiveDataPlane plane = LiveDataPlane.attach(model.network(), name);
        // a martian source the rules leave free: sent as a stand-in source the model forwards alike, healthy and faulted
        Map<Integer, TestPacket> sourceMartians = new TreeMap<>();
        for (int i = 0; i < tests.size(); i++) {
            String why = martian(frames.get(i));
            if (why != null && why.startsWith("source")) sourceMartians.put(i, tests.get(i));
        }
        // the frame carries UDP unless the header says TCP: the stand-in says so too, so that Linux sees the header the model forwards
        Map<String, Map<String, Long>> standIns = Emulator.standIns(model, faults, List.copyOf(sourceMartians.values()), t -> {
            Map<String, Long> v = new LinkedHashMap<>(Map.of("ip_src", STAND_IN_SOURCE));
            if (t.header().containsKey("ip_proto") && t.header().get("ip_proto") != 6) v.put("ip_proto", 17L);
            return v;
        });
        sourceMartians.forEach((i, t) -> {
            Map<String, Long> h = standIns.get(t.id());
            if (h != null) frames.set(i, SuiteFiles.frame(new TestPacket(t.id(), t.ingress(), h, t.expected(), t.copies(), t.rules(), t.links(),
                    t.deadEnds(), t.observed()), model.network()).encode());
        });
        // each frame as the data plane's ports take it: tagged as the ingress port's membership has it
        String[] unsendable = new String[tests.size()];
        // a test whose path holds a rule or ACL entry the data plane does not carry cannot pass there, whatever works
        Set<String> unbuilt = unbuilt(plane.healthy().unexpressed());
        for (int i = 0; i < tests.size(); i++) {
            Wire w = onTheWire(frames.get(i), tests.get(i), plane.wiring());
            frames.set(i, w.frame());
            unsendable[i] = w.notSent();
            String missing = tests.get(i).observed().stream().filter(unbuilt::contains).findFirst().orElse(null);
            if (unsendable[i] == null && missing != null)
                unsendable[i] = "its path holds " + missing + ", which the data plane does not carry (see dataplane up's list)";
        }
        java.util.Set<String> looping = Emulator.looping(model, file.suite());
        List<Round> out = new ArrayList<>();
        // tests.pcap's frames are the suite's, encoded as Emulator sizes them: a slowed link's bucket holds the largest
        try (LiveFaults applied = LiveFaults.apply(plane, model, faults, frames.stream().mapToInt(f -> f.length).max().orElse(0))) {
            long start = System.nanoTime();
            for (int i = 0; i < options.rounds(); i++) {
                long due = start + (long) (i * options.everySeconds() * 1e9);
                while (System.nanoTime() < due) LockSupport.parkNanos(Math.min(due - System.nanoTime(), 100_000_000L));
                Outcome o = send(plane, file.suite(), tests, regular, frames, unsendable, options, applied.downPorts(), applied.slowestBps(), looping,
                        applied.priority());
                Localizer.Localization alert = o.results().stream().allMatch(Emulator.Result::pass) ? null
                        : Localizer.localize(Localizer.observations(file.suite(), o.results()), model, file.suite());
                Round r = new Round(i + 1, o, alert);
                out.add(r);
                each.accept(r);
            }
        }
        return out;
    }

    /** The regular packets' frames from {@code tests.pcap} (checked against the suite), then the reserved ones'. */
    private static List<byte[]> frames(Path suiteDir, Network network, List<TestPacket> tests, int regular) {
        Path pcap = (Files.isDirectory(suiteDir) ? suiteDir : suiteDir.getParent()).resolve(SuiteFiles.PCAP);
        List<byte[]> frames = new ArrayList<>();
        try (CaptureReader r = CaptureReader.open(pcap)) {
            while (r.next()) {
                byte[] f = new byte[r.capturedLength()];
                System.arraycopy(r.array(), r.offset(), f, 0, f.length);
                int i = frames.size();
                if (i >= regular || !tests.get(i).id().equals(payloadId(f)))
                    throw new BadInputException(pcap.toString(), "frame " + (i + 1),
                            "expected the frames of the suite's regular packets in order (payload: the test id), as 'sonde atpg generate' writes them");
                frames.add(f);
            }
        }
        if (frames.size() != regular)
            throw new BadInputException(pcap.toString(), "end", "expected " + regular + " frames (the suite's regular packets), found " + frames.size());
        for (TestPacket t : tests.subList(regular, tests.size())) frames.add(SuiteFiles.frame(t, network).encode());
        return frames;
    }

    private static Outcome send(LiveDataPlane plane, org.sonde.atpg.Suite suite, List<TestPacket> tests, int regular, List<byte[]> frames, String[] unsendable,
                                Options options,
                                java.util.Set<Integer> down, long slowestBps, java.util.Set<String> looping,
                                Map<String, org.sonde.dataplane.model.Match> priority) {
        double thresholdMs = options.thresholdMs();
        int train = options.train();
        Wiring w = plane.wiring();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < tests.size(); i++) index.put(tests.get(i).id(), i);
        Map<Integer, PacketSocket> senders = new TreeMap<>(), receivers = new LinkedHashMap<>();
        long[] sentAt = new long[tests.size()];
        // per test: exit -> copies, exit -> first and last arrival (ns)
        List<Map<Integer, Integer>> copies = new ArrayList<>();
        List<Map<Integer, Long>> firsts = new ArrayList<>(), arrivals = new ArrayList<>();
        long expectedCopies = 0;
        for (TestPacket t : tests) {
            copies.add(new TreeMap<>());
            firsts.add(new TreeMap<>());
            arrivals.add(new TreeMap<>());
            expectedCopies += (long) train * t.arrivals().values().stream().mapToInt(Integer::intValue).sum();
        }
        long deadlineAfterSend = (long) (Math.max(300, 3 * thresholdMs) * 1e6);
        // a slowed link may hold the whole round in its queue: wait for it to drain too
        if (slowestBps > 0) deadlineAfterSend += train * frames.stream().mapToLong(f -> f.length * 8L).sum() * 1_000_000_000L / slowestBps;
        Receiver receiver = null;
        Thread rx = null;
        try (Arena arena = Arena.ofConfined()) {
            // small receive rings: a socket per terminal (hundreds in a campus network), each taking its exit's copies
            // while the receiver drains them; the default ring would be 36 MiB of kernel memory each
            Map<Integer, Wiring.End> into = new TreeMap<>(), exits = new TreeMap<>();
            for (int p : w.terminals()) exits.put(p, w.into(p));
            for (TestPacket t : tests) {
                int p = t.ingress();
                if (w.network().port(p).isEmpty() || !w.wired(p)) continue;
                // a terminal sends from its end; a port with a link is sent into from the peer's interface, or its end on the segment's bridge
                into.put(p, w.into(p));
            }
            open(plane, exits, RECEIVE_RING, receivers);
            open(plane, into, 1, senders);
            MemorySegment out = arena.allocate(2048), in = arena.allocate(2048);
            receiver = new Receiver(receivers, index, copies, firsts, arrivals);
            rx = Thread.ofPlatform().name("atpg-live-rx").start(receiver);
            long t0 = System.nanoTime();
            long sent = 0;
            String[] skip = new String[tests.size()];
            for (int i = 0; i < tests.size(); i++) {
                int ingress = tests.get(i).ingress();
                skip[i] = !senders.containsKey(ingress) ? "ingress " + ingress + " is not wired in the data plane (see dataplane up's list)"
                        : down.contains(ingress) ? "ingress " + ingress + " is on a link the fault switched off: nothing can be sent into it"
                        : looping.contains(tests.get(i).id()) ? "its packet loops in the model, which stops a copy where it returns to a port;"
                        + " Linux sends it round until its TTL runs out, so the copies cannot agree"
                        : unsendable[i] != null ? unsendable[i] : martian(frames.get(i));
                if (skip[i] != null) expectedCopies -= (long) train * tests.get(i).arrivals().values().stream().mapToInt(Integer::intValue).sum();
            }
            PacketSocket[] from = new PacketSocket[tests.size()];
            for (int i = 0; i < tests.size(); i++) {
                if (skip[i] != null) continue;
                from[i] = senders.get(tests.get(i).ingress());
                // to the device port's MAC (the kernel routes only frames addressed to it), from the sending end's
                int ingress = tests.get(i).ingress();
                System.arraycopy(macBytes(Wiring.mac(ingress)), 0, frames.get(i), 0, 6);
                System.arraycopy(macBytes(w.into(ingress).mac()), 0, frames.get(i), 6, 6);
            }
            for (int i = 0; i < tests.size(); i++) {
                if (skip[i] != null) continue;
                PacketSocket s = from[i];
                byte[] f = frames.get(i);
                MemorySegment.copy(f, 0, out, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, f.length);
                sentAt[i] = System.nanoTime();
                // a train goes out back to back: handed to the kernel together
                for (int k = 0; k < train; k++) {
                    while (!s.send(out, f.length)) s.flush();
                    sent++;
                }
                s.flush();
            }
            long t1 = System.nanoTime();
            receiver.finish(expectedCopies, t1 + deadlineAfterSend);
            join(rx);
            long t2 = System.nanoTime();
            List<Emulator.Result> results = new ArrayList<>();
            List<NotRun> notRun = new ArrayList<>();
            List<Performance.Train> trains = new ArrayList<>();
            for (int i = 0; i < tests.size(); i++) {
                TestPacket t = tests.get(i);
                if (skip[i] != null) {
                    notRun.add(new NotRun(t.id(), skip[i]));
                    continue;
                }
                Emulator.Result r = judge(t, i >= regular, copies.get(i), arrivals.get(i), sentAt[i], thresholdMs, train);
                results.add(r);
                // as Emulator has it: a train is measured where the test arrived as expected, at one exit, one copy per frame
                if (train > 1 && Performance.measurable(t) && r.observed().keySet().equals(t.expected().keySet())
                        && copies.get(i).equals(perFrame(t.arrivals(), train))) {
                    int exit = t.expected().keySet().iterator().next();
                    trains.add(Performance.Train.of(t.id(), exit, frames.get(i).length, train, (firsts.get(i).get(exit) - sentAt[i]) / 1e6,
                            r.observed().get(exit)));
                }
            }
            return new Outcome(results, notRun, List.copyOf(trains), Performance.perLink(suite, trains),
                    Performance.perClass(suite, results, priority, w.network().layout()), sent, receiver.received, (t1 - t0) / 1e9, (t2 - t0) / 1e9);
        } finally {
            // the receiver reads the sockets' rings: it stops before they are unmapped
            if (receiver != null) receiver.finish(0, 0);
            if (rx != null) join(rx);
            List<PacketSocket> all = new ArrayList<>(senders.values());
            all.addAll(receivers.values());
            inParallel(all, s -> {
                s.close();
                return null;
            });
        }
    }

    /** Opens a socket on each end (small receive rings of {@code receiveFrames}) into {@code out}, by port. */
    private static void open(LiveDataPlane plane, Map<Integer, Wiring.End> ends, int receiveFrames, Map<Integer, PacketSocket> out) {
        List<Map.Entry<Integer, Wiring.End>> list = List.copyOf(ends.entrySet());
        List<PacketSocket> sockets = inParallel(list, e -> plane.testbed().call(e.getValue().node(), () -> PacketSocket.openSmall(e.getValue().iface(),
                receiveFrames)));
        for (int i = 0; i < list.size(); i++) out.put(list.get(i).getKey(), sockets.get(i));
    }

    /**
     * {@code task} on every item, on a few threads at once, results in order: opening and closing a packet socket's
     * rings waits for the kernel's RCU grace periods, tens of milliseconds each, which overlap across threads
     * (a run on hundreds of terminals would otherwise wait half a minute for them). The first failure is thrown,
     * after the sockets the others opened are closed.
     */
    private static <T, R> List<R> inParallel(List<T> items, java.util.function.Function<T, R> task) {
        List<R> out = new ArrayList<>();
        if (items.isEmpty()) return out;
        try (var pool = java.util.concurrent.Executors.newFixedThreadPool(Math.min(32, items.size()))) {
            List<java.util.concurrent.Future<R>> futures = new ArrayList<>();
            for (T item : items) futures.add(pool.submit(() -> task.apply(item)));
            RuntimeException failure = null;
            for (var f : futures) {
                try {
                    out.add(f.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    out.add(null);
                    if (failure == null) failure = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while opening or closing packet sockets", e);
                }
            }
            if (failure != null) {
                for (R r : out) if (r instanceof PacketSocket s) s.close();
                throw failure;
            }
        }
        return out;
    }

    private static void join(Thread t) {
        boolean interrupted = false;
        while (t.isAlive()) {
            try {
                t.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
    }

    /** A test's copies per exit for a train of {@code train} frames. */
    private static Map<Integer, Integer> perFrame(Map<Integer, Integer> arrivals, int train) {
        Map<Integer, Integer> out = new TreeMap<>();
        arrivals.forEach((exit, n) -> out.put(exit, n * train));
        return out;
    }

    /** The same verdicts and reasons as {@link Emulator}'s, from what arrived ({@code train} frames per test). */
    private static Emulator.Result judge(TestPacket t, boolean reserved, Map<Integer, Integer> copies, Map<Integer, Long> last,
                                         long sentAt, double thresholdMs, int train) {
        Map<Integer, Double> seen = new TreeMap<>();
        last.forEach((exit, at) -> seen.put(exit, (at - sentAt) / 1e6));
        String reason = "";
        if (!seen.keySet().equals(t.expected().keySet()))
            reason = "expected " + (t.expectDrop() ? "drop" : "exits " + t.expected().keySet()) + ", observed " + (seen.isEmpty() ? "drop" : "exits " + seen.keySet());
        else if (!copies.equals(perFrame(t.arrivals(), train)))
            reason = "expected copies per exit " + perFrame(t.arrivals(), train) + ", observed " + copies;
        else if (seen.values().stream().anyMatch(ms -> ms > thresholdMs))
            reason = "latency above " + thresholdMs + " ms";
        return new Emulator.Result(t.id(), reserved, reason.isEmpty(), seen, reason);
    }

    /** The rules and ACL entries (as a test's path names them: rule id, {@code acl:ACL#n}) that {@code unexpressed} says are not built. */
    static Set<String> unbuilt(List<Unexpressed> unexpressed) {
        Set<String> out = new java.util.HashSet<>();
        for (Unexpressed u : unexpressed) {
            if (u.element().startsWith("rule:")) out.add(u.element().substring("rule:".length()));
            // an entry left out (acl:ACL#n, ACL ids may hold '@'), or left out where bound without a VLAN (acl:ACL#n@DEVICE)
            else if (u.element().startsWith("acl:")) out.add(u.element().replaceFirst("(#\\d+)@[^#]*$", "$1"));
        }
        return out;
    }

    /**
     * A test's frame as the data plane takes it at its ingress, or why it cannot be sent.
     *
     * @param notSent why the frame cannot be sent (null: it can)
     */
    record Wire(byte[] frame, String notSent) {}

    /**
     * The frame of {@code t} as the data plane's ingress port takes it, on a layout with a {@code vlan} field: into a member
     * port ({@link Wiring}), untagged when the port gives its untagged frames the header's VLAN (an access port's VLAN, a
     * trunk's native one), else tagged with it, so that a frame in a VLAN the port does not carry is dropped there as the
     * model drops it; into any other port untagged (Linux routes no tagged frame there, and no rule or ACL at that port
     * reads the VLAN: what would is listed by {@code dataplane up}). A VLAN no tag carries (0, 4095 and above) cannot be sent.
     */
    static Wire onTheWire(byte[] f, TestPacket t, Wiring w) {
        Network n = w.network();
        if (n.layout().field("vlan").isEmpty()) return new Wire(f, null);
        byte[] untagged = f;
        if (f.length >= 18 && (f[12] & 0xff) == 0x81 && f[13] == 0) {
            untagged = new byte[f.length - 4];
            System.arraycopy(f, 0, untagged, 0, 12);
            System.arraycopy(f, 16, untagged, 12, f.length - 16);
        }
        int ingress = t.ingress();
        if (!w.member(ingress)) return new Wire(untagged, null);
        long vlan = t.header().getOrDefault("vlan", 0L);
        if (vlan < Wiring.MIN_VID || vlan > Wiring.MAX_VID)
            return new Wire(f, "its VLAN " + vlan + " is not one an 802.1Q tag carries (1-4094)");
        boolean native_ = switch (n.vlanMembership(ingress).orElseThrow().mode()) {
            case SwitchportMode.Access a -> a.vlanId() == vlan;
            case SwitchportMode.Trunk k -> k.nativeVlanId() == vlan;
        };
        if (native_) return new Wire(untagged, null);
        byte[] tagged = new byte[untagged.length + 4];
        System.arraycopy(untagged, 0, tagged, 0, 12);
        tagged[12] = (byte) 0x81;
        tagged[14] = (byte) (vlan >>> 8);
        tagged[15] = (byte) vlan;
        System.arraycopy(untagged, 12, tagged, 16, untagged.length - 12);
        return new Wire(tagged, null);
    }

    /**
     * Why Linux would drop the frame's IPv4 header as martian on arrival (a destination in 0/8,
     * 127/8, multicast or above, the limited broadcast; a source in 0/8, 127/8 or multicast and
     * above), or null: such a test cannot run on a Linux data plane, whatever the model says.
     */
    static String martian(byte[] f) {
        int at = 12;
        if (f.length >= 16 && (f[12] & 0xff) == 0x81 && f[13] == 0) at += 4;
        if (f.length < at + 22 || (f[at] & 0xff) != 0x08 || f[at + 1] != 0) return null;
        int src = f[at + 14] & 0xff, dst = f[at + 18] & 0xff;
        if (dst == 0 || dst == 127 || dst >= 224) return "destination " + dotted(f, at + 18) + " is martian to Linux, which does not forward it";
        if (src == 0 || src == 127 || src >= 224) return "source " + dotted(f, at + 14) + " is martian to Linux, which does not forward it";
        return null;
    }

    private static String dotted(byte[] f, int at) {
        return (f[at] & 0xff) + "." + (f[at + 1] & 0xff) + "." + (f[at + 2] & 0xff) + "." + (f[at + 3] & 0xff);
    }

    private static byte[] macBytes(String mac) {
        return org.sonde.netio.NetNamespace.parseMac(mac);
    }

    /**
     * The test id a frame carries: the payload of its UDP or TCP segment over IPv4 (after an
     * optional 802.1Q tag), or null for any other frame (the kernel's own, ICMP errors).
     */
    static String payloadId(byte[] f) {
        return payloadId(MemorySegment.ofArray(f), f.length);
    }

    static String payloadId(MemorySegment f, int length) {
        int at = 12;
        if (length < at + 2) return null;
        int type = u16(f, at);
        if (type == 0x8100) {
            at += 4;
            if (length < at + 2) return null;
            type = u16(f, at);
        }
        at += 2;
        if (type != 0x0800 || length < at + 20) return null;
        int ihl = (u8(f, at) & 0x0f) * 4, total = u16(f, at + 2), proto = u8(f, at + 9);
        int l4 = at + ihl, end = Math.min(length, at + total);
        int header = proto == 17 ? 8 : proto == 6 && end >= l4 + 13 ? (u8(f, l4 + 12) >>> 4) * 4 : -1;
        if (header < 0 || end - l4 - header <= 0 || end - l4 - header > 64) return null;
        byte[] id = new byte[end - l4 - header];
        MemorySegment.copy(f, java.lang.foreign.ValueLayout.JAVA_BYTE, l4 + header, id, 0, id.length);
        return new String(id, StandardCharsets.US_ASCII);
    }

    private static int u8(MemorySegment f, long at) {
        return f.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at) & 0xff;
    }

    private static int u16(MemorySegment f, long at) {
        return u8(f, at) << 8 | u8(f, at + 1);
    }

    /**
     * Polls every terminal's receive socket until every expected copy came and the line was quiet, or the deadline.
     * A copy's arrival is the kernel's receive time (carried in the ring), on the senders' {@code System.nanoTime}
     * clock: when the receiver is off the CPU (2 cores, a busy machine) copies wait in the ring, and their reading
     * time would add that wait to their latency and squeeze a train's dispersion to nothing.
     */
    private static final class Receiver implements Runnable {
        /** {@code System.nanoTime()} less the epoch's ns at the receiver's start: the kernel's receive times on the monotonic clock. */
        private final long monotonicLessEpoch;
        private final Map<Integer, PacketSocket> sockets;
        private final Map<String, Integer> index;
        private final List<Map<Integer, Integer>> copies;
        private final List<Map<Integer, Long>> firsts;
        private final List<Map<Integer, Long>> arrivals;
        private volatile long expected = -1;
        private volatile long finishedAt;
        private volatile long deadline = Long.MAX_VALUE;
        long received;

        Receiver(Map<Integer, PacketSocket> sockets, Map<String, Integer> index, List<Map<Integer, Integer>> copies, List<Map<Integer, Long>> firsts,
                 List<Map<Integer, Long>> arrivals) {
            this.sockets = sockets;
            this.index = index;
            this.copies = copies;
            this.firsts = firsts;
            this.arrivals = arrivals;
            java.time.Instant epoch = java.time.Instant.now();
            this.monotonicLessEpoch = System.nanoTime() - (epoch.getEpochSecond() * 1_000_000_000L + epoch.getNano());
        }

        void finish(long expectedCopies, long deadlineNanos) {
            deadline = deadlineNanos;
            finishedAt = System.nanoTime();
            expected = expectedCopies;
        }

        @Override
        public void run() {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment buffer = arena.allocate(2048);
                long last = System.nanoTime(), counted = 0;
                while (true) {
                    boolean any = false;
                    for (var e : sockets.entrySet()) {
                        int n;
                        while ((n = e.getValue().receive(buffer)) > 0) {
                            long now = System.nanoTime(), arrived = e.getValue().receivedAtEpochNanos() + monotonicLessEpoch;
                            any = true;
                            Integer i = index.get(payloadId(buffer, n));
                            if (i == null) continue;
                            received++;
                            counted++;
                            last = now;
                            copies.get(i).merge(e.getKey(), 1, Integer::sum);
                            firsts.get(i).putIfAbsent(e.getKey(), arrived);
                            arrivals.get(i).put(e.getKey(), arrived);
                        }
                    }
                    long now = System.nanoTime();
                    long exp = expected;
                    if (exp >= 0 && (now > deadline || counted >= exp && now - Math.max(last, finishedAt) > SETTLE_NANOS)) return;
                    if (!any) LockSupport.parkNanos(20_000);
                }
            }
        }
    }
}
