package org.sonde.atpg.live;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.core.UsageException;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.reach.Model;
import org.sonde.atpg.Emulator;
import org.sonde.atpg.Fault;

/**
 * Faults of {@code atpg emulate}'s language put in place for real, and taken away on
 * {@link #close}. A rule or ACL fault is the model with the fault ({@link Emulator#inject}, which
 * also checks every fault names what the model has) compiled again, and the difference made in
 * the kernel: a dropping rule's route becomes a blackhole, a missing rule's route goes (in a
 * policy-routed device its table is emptied, so the next rule decides), a rule sent to another
 * port has its route point there, a flipped or missing ACL entry changes the nftables chain. A
 * link down between two ports ({@code link:A-B:down}) switches both veth ends off: the kernel
 * withdraws the routes over them (what a router does when a port goes down), so packets for them
 * take a lower rule or none; closing puts the interfaces, neighbours and routes back. One direction
 * of a link ({@code link:ID:down}, a directed link of the model) is lost to an nftables rule
 * dropping what leaves its sending port, since an interface cannot be down one way. A slowed link
 * ({@code link:A-B:rate=R}, both ways; {@code link:ID:rate=R}, one) gets a tbf qdisc on its sending
 * ends, a token bucket of the round's largest frame filling at the rate in front of a deep queue
 * ({@code Testbed#slowLink}), as the model's {@link org.sonde.atpg.LinkTiming} has it.
 * On a shared segment the bridge's nftables chain carries each directed link: a link down (one
 * way or both) is its accept rule gone from the segment's chain (the faulted model compiled again),
 * and a port left with no link at all by a both-ways fault is switched off as above. A segment link
 * X to Y is slowed on X's port when X links only to Y, else on the bridge's end towards Y when only X
 * links to Y; otherwise no one interface carries that direction alone, and the fault is refused.
 * A slowed link with strict priority ({@code link:...:priority=}) gets an htb qdisc with two
 * prioritised classes instead ({@code Testbed#strictPriority}) on its sending port, and an nftables
 * table {@code sonde_atpg_qos} in its node that puts the frames leaving it whose header matches the
 * high class in the first.
 * {@code link:...:latency=MS} is refused: this kernel has no netem to delay packets by a fixed time.
 */
final class LiveFaults implements AutoCloseable {
    /** The nftables table (family ip) that classifies frames for strict priority. */
    static final String QOS_TABLE = "sonde_atpg_qos";
    private final LiveDataPlane plane;
    private final LinuxConfig faulted;
    private final Set<Integer> downPorts;
    /** Ports whose outgoing direction a one-way link fault drops. */
    private final Set<Integer> oneWay;
    /** Ports whose outgoing direction is slowed, with the rate in bit/s. */
    private final Map<Integer, Long> slowed;
    /** Shared segments' ports whose end on the bridge is slowed (what the bridge sends them), with the rate in bit/s. */
    private final Map<Integer, Long> slowedInto;
    /** Slowed ports with strict priority, with the high class. */
    private final Map<Integer, Match> prioritized;
    /** The same by link id. */
    private final Map<String, Match> priority;

    private LiveFaults(LiveDataPlane plane, LinuxConfig faulted, Set<Integer> downPorts, Set<Integer> oneWay, Map<Integer, Long> slowed,
                       Map<Integer, Long> slowedInto, Map<Integer, Match> prioritized, Map<String, Match> priority) {
        this.plane = plane;
        this.faulted = faulted;
        this.downPorts = downPorts;
        this.oneWay = oneWay;
        this.slowed = slowed;
        this.slowedInto = slowedInto;
        this.prioritized = prioritized;
        this.priority = priority;
    }

    /** Puts {@code faults} in place; {@code bucketBytes}: a slowed link's bucket, the round's largest frame. */
    static LiveFaults apply(LiveDataPlane plane, Model model, List<Fault> faults, int bucketBytes) {
        // every fault names what the model has, or a usage error; the high classes resolved against the model
        Map<String, Match> highByLink = Emulator.inject(model, faults).priority();
        Network n = model.network();
        List<Fault> changes = new ArrayList<>();
        Set<Integer> down = new LinkedHashSet<>(), oneWay = new LinkedHashSet<>();
        Map<Integer, Long> slowed = new LinkedHashMap<>(), slowedInto = new LinkedHashMap<>();
        Map<Integer, Match> prioritized = new LinkedHashMap<>();
        Wiring w = plane.wiring();
        // ports a both-ways fault cut from a shared segment: switched off if no link of theirs is left
        Set<Integer> cut = new LinkedHashSet<>();
        for (Fault f : faults) {
            switch (f) {
                case Fault.LinkRate r -> {
                    for (Link l : built(plane, links(n, r.id(), r.a(), r.b()), "rate")) {
                        if (slowedAtSender(w, n, l)) slowed.put(l.fromPortId(), r.bitsPerSecond());
                        else slowedInto.put(l.toPortId(), r.bitsPerSecond());
                    }
                }
                case Fault.LinkDown d -> {
                    List<Link> ls = built(plane, links(n, d.id(), d.a(), d.b()), "down");
                    if (ls.stream().anyMatch(l -> w.segment(l.fromPortId()) != null)) {
                        changes.add(f); // the links' accept rules go from the segment's chain
                        if (d.id() == null) ls.forEach(l -> cut.addAll(List.of(l.fromPortId(), l.toPortId())));
                        continue;
                    }
                    for (Link l : ls) {
                        if (d.id() != null) oneWay.add(l.fromPortId());
                        else {
                            down.add(l.fromPortId());
                            down.add(l.toPortId());
                        }
                    }
                }
                case Fault.LinkPriority p -> {
                    for (Link l : built(plane, links(n, p.id(), p.a(), p.b()), "priority")) {
                        if (!slowedAtSender(w, n, l))
                            throw new UsageException("--fault link:" + l.id() + ":priority: strict priority goes on the sending port, and this"
                                    + " link of a shared segment is slowed on the bridge's end towards its receiver (its sender links to several ports)");
                        prioritized.put(l.fromPortId(), highByLink.get(l.id()));
                    }
                }
                case Fault.LinkLatency l -> throw new UsageException("--fault " + (l.id() != null ? l.id() : l.a() + "-" + l.b())
                        + ":latency: a live data plane cannot add a fixed delay (this kernel has no netem); use atpg emulate for latency faults");
                default -> changes.add(f);
            }
        }
        LinuxConfig faulted = plane.healthy();
        if (!changes.isEmpty()) {
            Network changed = Emulator.inject(model, changes).model().network();
            faulted = Compiler.compile(plane.wiring(), changed, plane.healthy());
            for (int p : cut) if (changed.links().stream().noneMatch(l -> l.fromPortId() == p || l.toPortId() == p)) down.add(p);
        }
        LiveFaults live = new LiveFaults(plane, faulted, down, oneWay, slowed, slowedInto, prioritized, highByLink);
        try {
            plane.change(plane.healthy(), faulted);
            for (int p : down) plane.testbed().setUp(plane.wiring().nodeOfPort(p), Wiring.iface(p), false);
            for (int p : oneWay) plane.testbed().dropLeaving(plane.wiring().nodeOfPort(p), Wiring.iface(p), 1);
            slowed.forEach((p, bps) -> {
                if (prioritized.containsKey(p)) plane.testbed().strictPriority(plane.wiring().nodeOfPort(p), Wiring.iface(p), bps, bucketBytes, 2);
                else plane.testbed().slowLink(plane.wiring().nodeOfPort(p), Wiring.iface(p), bps, bucketBytes);
            });
            slowedInto.forEach((p, bps) -> plane.testbed().slowLink(Wiring.SEGMENTS, Wiring.segmentIface(p), bps, bucketBytes));
            Map<String, StringBuilder> classify = new LinkedHashMap<>();
            prioritized.forEach((p, high) -> classify.computeIfAbsent(plane.wiring().nodeOfPort(p), k -> new StringBuilder())
                    .append("add rule ip " + QOS_TABLE + " classify oifname \"" + Wiring.iface(p) + "\" " + Compiler.nftMatch(high) + "meta priority set 1:10\n"));
            classify.forEach((node, rules) -> plane.loadNft(node, "add table ip " + QOS_TABLE + "\nadd chain ip " + QOS_TABLE
                    + " classify { type filter hook postrouting priority -5; policy accept; }\n" + rules, "ip " + QOS_TABLE));
        } catch (RuntimeException e) {
            live.close();
            throw e;
        }
        return live;
    }

    /**
     * Whether link {@code l} is slowed on its sending port (a point-to-point link, or a segment port that links only
     * to the receiver) rather than on the bridge's end towards its receiver (linked from the sender only).
     *
     * @throws UsageException when neither interface carries that direction alone
     */
    static boolean slowedAtSender(Wiring w, Network n, Link l) {
        int from = l.fromPortId(), to = l.toPortId();
        if (w.segment(from) == null || n.linksFrom(from).size() == 1) return true;
        if (n.links().stream().filter(k -> k.toPortId() == to).count() == 1) return false;
        throw new UsageException("--fault link:" + l.id() + ":rate: on a shared segment port " + from + " links to several ports and port "
                + to + " is linked from several: no one interface carries " + from + " to " + to + " alone, so it cannot be slowed alone"
                + " (use atpg emulate for it)");
    }

    /** {@code links}, each checked to be built in the data plane ({@code what}: the fault's kind, for the error). */
    private static List<Link> built(LiveDataPlane plane, List<Link> links, String what) {
        for (Link l : links) {
            if (plane.wiring().peer(l.fromPortId()) == null && plane.wiring().segment(l.fromPortId()) == null)
                throw new UsageException("--fault link:" + l.id() + ":" + what + ": the link is not built in the data plane (see dataplane up's list)");
        }
        return links;
    }

    private static List<Link> links(Network n, String id, int a, int b) {
        return n.links().stream().filter(l -> id != null ? l.id().equals(id) : Set.of(l.fromPortId(), l.toPortId()).equals(Set.of(a, b))).toList();
    }

    /** The ports switched off by link faults. */
    Set<Integer> downPorts() {
        return downPorts;
    }

    /** The slowest slowed link's rate in bit/s, or 0 when no link is slowed. */
    long slowestBps() {
        return java.util.stream.Stream.concat(slowed.values().stream(), slowedInto.values().stream()).mapToLong(Long::longValue).min().orElse(0);
    }

    /** The high class of each slowed link with strict priority, by link id. */
    Map<String, Match> priority() {
        return priority;
    }

    /** Restores the healthy data plane. */
    @Override
    public void close() {
        slowed.keySet().forEach(p -> plane.testbed().clearRateLimit(plane.wiring().nodeOfPort(p), Wiring.iface(p)));
        slowedInto.keySet().forEach(p -> plane.testbed().clearRateLimit(Wiring.SEGMENTS, Wiring.segmentIface(p)));
        for (String node : new LinkedHashSet<>(prioritized.keySet().stream().map(plane.wiring()::nodeOfPort).toList()))
            plane.loadNft(node, "", "ip " + QOS_TABLE);
        for (String node : new LinkedHashSet<>(oneWay.stream().map(plane.wiring()::nodeOfPort).toList())) plane.testbed().clearDrops(node);
        for (int p : downPorts) plane.testbed().setUp(plane.wiring().nodeOfPort(p), Wiring.iface(p), true);
        plane.change(faulted, plane.healthy());
        // switching an interface off flushed its routes and neighbours: put the node's back
        Set<String> nodes = new LinkedHashSet<>();
        for (int p : downPorts) nodes.add(plane.wiring().nodeOfPort(p));
        for (String node : nodes) {
            LinuxConfig.Node healthy = plane.healthy().nodes().get(node);
            List<String> lines = new ArrayList<>(healthy.setup().stream().filter(l -> l.startsWith("neigh ") || l.startsWith("route ")).toList());
            lines.addAll(healthy.routes().values());
            org.sonde.netio.NetNamespace.ipBatch(plane.testbed().namespace(node), lines);
        }
    }
}
