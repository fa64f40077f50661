package org.sonde.atpg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.core.UsageException;
import org.sonde.dataplane.model.Acl;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.AclEntryRef;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.reach.Model;

/**
 * Runs a suite over a model with faults injected: each packet's header is forwarded through the
 * faulted model ({@link Forwarder}) and its exits compared with the expectation.
 */
public final class Emulator {
    private Emulator() {}

    /**
     * One test's outcome.
     *
     * @param observed exit port to latency (ms) of the copies that left the network
     * @param reserved whether the test is a reserved packet
     */
    public record Result(String id, boolean reserved, boolean pass, Map<Integer, Double> observed, String reason) {
        public Result {
            observed = Map.copyOf(observed);
        }
    }

    /**
     * A model with faults applied: rules and links changed, link latencies in ms, slowed links' rates in bit/s,
     * and the high class of the slowed links with strict priority.
     */
    public record Faulted(Model model, Map<String, Double> latencyMs, Map<String, Long> rateBps, Map<String, Match> priority) {
        /** The links' timing for one round of tests. */
        public LinkTiming timing() {
            return new LinkTiming(latencyMs, rateBps, priority);
        }
    }

    /**
     * Runs regular and reserved packets, in that order, as one round sent at once (what slowed links
     * queue); latency above {@code thresholdMs} fails a test.
     */
    public static List<Result> run(Model model, Suite suite, List<Fault> faults, double thresholdMs) {
        return run(model, suite, faults, thresholdMs, 1).results();
    }

    /**
     * A round's results; with trains of two frames or more the trains measured and each link's figures, and per
     * slowed link with strict priority its classes' figures ({@link Performance}).
     */
    public record Emulated(List<Result> results, List<Performance.Train> trains, List<Performance.LinkFigures> links,
                           List<Performance.ClassFigures> classes) {}

    /**
     * The same with each test's frame sent {@code train} times back to back (ATPG's performance
     * tests): a test's copies are counted per frame and its latency at an exit is the train's last
     * copy's; a test that passes the exits and copies checks at one exit, one copy per frame, gives a
     * train ({@link Performance#measurable}).
     */
    public static Emulated run(Model model, Suite suite, List<Fault> faults, double thresholdMs, int train) {
        if (train < 1) throw new UsageException("--train must be at least 1 frame, got " + train);
        Faulted f = inject(model, faults);
        LinkTiming timing = f.timing();
        if (timing.slowsLinks()) timing.bucket(largestFrame(suite, model.network()));
        Forwarder forwarder = new Forwarder(f.model(), timing);
        List<Result> out = new ArrayList<>();
        List<Performance.Train> trains = new ArrayList<>();
        // with strict priority a first pass learns which frames wait at the prioritised links (LinkTiming#replay)
        for (int pass = timing.prioritizes() ? 2 : 1; pass > 0; pass--) {
            if (pass == 1 && timing.prioritizes()) timing.replay();
            out.clear();
            trains.clear();
            for (TestPacket t : suite.tests()) out.add(run(forwarder, timing, model.network(), t, false, thresholdMs, train, trains));
            for (TestPacket t : suite.reserved()) out.add(run(forwarder, timing, model.network(), t, true, thresholdMs, train, trains));
        }
        return new Emulated(out, List.copyOf(trains), Performance.perLink(suite, trains),
                Performance.perClass(suite, out, f.priority(), model.network().layout()));
    }

    /** The bytes of the suite's largest frame (regular or reserved): what a slowed link's bucket holds. */
    public static int largestFrame(Suite suite, Network network) {
        return java.util.stream.Stream.concat(suite.tests().stream(), suite.reserved().stream())
                .mapToInt(t -> SuiteFiles.frame(t, network).encode().length).max().orElse(0);
    }

    /**
     * The ids of the suite's tests (regular and reserved) whose packet loops in {@code model}: some
     * copy comes back to a port with the header it had there. The model stops such a copy at its
     * return; a real data plane sends it round until its TTL runs out, so their copies cannot agree.
     */
    public static java.util.Set<String> looping(Model model, Suite suite) {
        Forwarder forwarder = new Forwarder(model, LinkTiming.none());
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (TestPacket t : java.util.stream.Stream.concat(suite.tests().stream(), suite.reserved().stream()).toList())
            if (forwarder.forward(t.ingress(), t.values()).looped()) out.add(t.id());
        return out;
    }

    /**
     * For each of {@code tests}: its header with the fields {@code values} gives it set to those values, when the model forwards
     * that header exactly as the test's own (the same exits, copies, rules, ACL entries, links and dead ends), healthy and with
     * {@code faults}; by test id, tests without such a stand-in (or with nothing to change) left out. A live data plane sends a
     * stand-in for a header Linux would not forward as the model does (a martian source the selection took where the rules leave
     * the source free): the test observes the same elements, healthy and faulted alike, so its verdict is the test's own.
     */
    public static Map<String, Map<String, Long>> standIns(Model model, List<Fault> faults, List<TestPacket> tests,
                                                          java.util.function.Function<TestPacket, Map<String, Long>> values) {
        List<String> names = model.network().layout().names();
        Map<String, Map<String, Long>> out = new java.util.LinkedHashMap<>();
        Forwarder healthy = new Forwarder(model, LinkTiming.none());
        Forwarder faulted = faults.isEmpty() ? healthy : new Forwarder(inject(model, faults).model(), LinkTiming.none());
        for (TestPacket t : tests) {
            long[] own = t.values(), other = own.clone();
            Map<String, Long> header = new java.util.LinkedHashMap<>(t.header());
            values.apply(t).forEach((field, value) -> {
                int index = names.indexOf(field);
                if (index < 0) return;
                other[index] = value;
                header.put(field, value);
            });
            if (java.util.Arrays.equals(own, other)) continue;
            if (!healthy.forward(t.ingress(), own).equals(healthy.forward(t.ingress(), other))) continue;
            if (faulted != healthy && !faulted.forward(t.ingress(), own).equals(faulted.forward(t.ingress(), other))) continue;
            out.put(t.id(), header);
        }
        return out;
    }

    private static Result run(Forwarder forwarder, LinkTiming timing, Network network, TestPacket t, boolean reserved, double thresholdMs,
                             int train, List<Performance.Train> trains) {
        // the frame a live run sends for the test (tests.pcap holds the same): its size is its time on a slowed link
        int bytes = timing.slowsLinks() || train > 1 ? SuiteFiles.frame(t, network).encode().length : 0;
        Forwarder.Trace first = null, trace = null;
        for (int k = 0; k < train; k++) {
            if (timing.slowsLinks()) timing.frame(bytes, t.header());
            trace = forwarder.forward(t.ingress(), t.values());
            if (first == null) first = trace;
        }
        Map<Integer, Double> seen = trace.egress();
        String reason = "";
        if (!seen.keySet().equals(t.expected().keySet()))
            reason = "expected " + (t.expectDrop() ? "drop" : "exits " + t.expected().keySet()) + ", observed "
                    + (seen.isEmpty() ? "drop" : "exits " + seen.keySet());
        else if (!t.arrivesAs(trace))
            reason = "expected copies per exit " + t.arrivals() + ", observed " + trace.arrivals();
        else if (seen.values().stream().anyMatch(ms -> ms > thresholdMs))
            reason = "latency above " + thresholdMs + " ms";
        if (train > 1 && Performance.measurable(t) && seen.keySet().equals(t.expected().keySet()) && t.arrivesAs(trace)) {
            int exit = seen.keySet().iterator().next();
            trains.add(Performance.Train.of(t.id(), exit, bytes, train, first.egress().get(exit), seen.get(exit)));
        }
        return new Result(t.id(), reserved, reason.isEmpty(), seen, reason);
    }

    /**
     * {@code model} with {@code faults} applied; unknown rules, ports, links, ACLs or entries are
     * bad input, and so is an ACL fault that would change nothing. ACL entries are numbered as in
     * the model, before any fault removes one.
     */
    public static Faulted inject(Model model, List<Fault> faults) {
        Network n = model.network();
        Map<String, Fault> ruleFaults = new HashMap<>();
        Map<String, Map<Integer, Fault>> aclFaults = new HashMap<>();
        Map<String, Double> latency = new HashMap<>();
        Map<String, Long> rate = new HashMap<>();
        Map<String, Match> priority = new HashMap<>();
        List<Link> links = new ArrayList<>(n.links());
        for (Fault f : faults) {
            switch (f) {
                case Fault.RuleDrop d -> ruleFaults.put(requireRule(n, d.rule()), f);
                case Fault.RuleMissing m -> ruleFaults.put(requireRule(n, m.rule()), f);
                case Fault.RuleWrongPort w -> {
                    Rule r = n.rule(requireRule(n, w.rule())).orElseThrow();
                    String device = n.tables().stream().filter(t -> t.rules().contains(r)).findFirst().orElseThrow().deviceId();
                    if (n.port(w.port()).filter(p -> p.deviceId().equals(device)).isEmpty())
                        throw faultError("rule:" + w.rule() + ":port=" + w.port(),
                                "port " + w.port() + " is not a port of the rule's device " + device);
                    ruleFaults.put(w.rule(), f);
                }
                case Fault.LinkDown d -> links.removeAll(matching(n, d.id(), d.a(), d.b()));
                case Fault.LinkLatency l -> matching(n, l.id(), l.a(), l.b()).forEach(k -> latency.put(k.id(), l.millis()));
                case Fault.LinkRate r -> matching(n, r.id(), r.a(), r.b()).forEach(k -> rate.put(k.id(), r.bitsPerSecond()));
                case Fault.LinkPriority p -> {
                    Match high = highClass(n, p);
                    matching(n, p.id(), p.a(), p.b()).forEach(k -> priority.put(k.id(), high));
                }
                case Fault.AclVerdict v -> {
                    AclEntry e = requireAclEntry(n, v.entry());
                    if (e.verdict() == v.verdict())
                        throw faultError(v.entry().id() + ":" + v.verdict().name().toLowerCase(java.util.Locale.ROOT),
                                "entry " + v.entry().index() + " of ACL " + v.entry().aclId() + " already " + (e.verdict() == AclEntry.Verdict.PERMIT
                                        ? "permits" : "denies") + ": the fault would change nothing");
                    aclFaults.computeIfAbsent(v.entry().aclId(), k -> new HashMap<>()).put(v.entry().index(), f);
                }
                case Fault.AclMissing m -> {
                    requireAclEntry(n, m.entry());
                    if (m.entry().index() == n.acl(m.entry().aclId()).orElseThrow().entries().size() + 1)
                        throw faultError(m.entry().id() + ":missing",
                                "entry " + m.entry().index() + " is the implicit final deny of ACL " + m.entry().aclId()
                                        + ", which cannot go missing; " + m.entry().id() + ":permit makes it permit");
                    aclFaults.computeIfAbsent(m.entry().aclId(), k -> new HashMap<>()).put(m.entry().index(), f);
                }
            }
        }
        for (String link : priority.keySet())
            if (!rate.containsKey(link))
                throw faultError("link:" + link + ":priority", "strict priority orders the frames waiting at a slowed link: slow the link too"
                        + " (link:" + link + ":rate=<rate>, e.g. 4kbps)");
        List<RuleTable> tables = new ArrayList<>();
        for (RuleTable t : n.tables()) {
            List<Rule> rules = new ArrayList<>();
            for (Rule r : t.rules()) {
                Fault f = ruleFaults.get(r.id());
                List<String> shadowedBy = r.shadowedBy().stream()
                        .filter(s -> !(ruleFaults.get(s) instanceof Fault.RuleMissing)).toList();
                List<Action> actions = new ArrayList<>(r.actions().subList(0, r.actions().size() - 1));
                switch (f) {
                    case null -> actions = r.actions();
                    case Fault.RuleMissing _ -> { continue; }
                    case Fault.RuleDrop _ -> actions.add(new Action.Drop());
                    case Fault.RuleWrongPort w -> actions.add(new Action.Forward(List.of(w.port())));
                    default -> throw new IllegalStateException("not a rule fault: " + f);
                }
                rules.add(new Rule(r.id(), r.priority(), r.inPortIds(), r.match(), actions, shadowedBy, r.origin()));
            }
            tables.add(new RuleTable(t.deviceId(), t.policy(), rules));
        }
        List<Acl> acls = new ArrayList<>();
        for (Acl a : n.acls()) {
            Map<Integer, Fault> changed = aclFaults.getOrDefault(a.id(), Map.of());
            List<AclEntry> entries = new ArrayList<>();
            List<AclEntry> all = a.entriesWithImplicitDeny();
            for (int i = 0; i < all.size(); i++) {
                AclEntry e = all.get(i);
                switch (changed.get(i + 1)) {
                    case null -> { if (i < a.entries().size()) entries.add(e); }
                    case Fault.AclMissing _ -> { }
                    // the implicit deny turned to permit is an explicit final permit-any
                    case Fault.AclVerdict v -> entries.add(new AclEntry(v.verdict(), e.match()));
                    default -> throw new IllegalStateException("not an ACL fault: " + changed.get(i + 1));
                }
            }
            acls.add(changed.isEmpty() ? a : new Acl(a.id(), entries));
        }
        Network faulted = new Network(n.layout(), n.devices(), n.ports(), links, tables, acls, n.aclBindings(),
                n.vlanMemberships(), n.macEntries());
        return new Faulted(model.with(faulted), latency, rate, priority);
    }

    /** A priority fault's high class as a match over the model's fields: numbers exact, IPv4 addresses with an optional prefix length. */
    private static Match highClass(Network n, Fault.LinkPriority p) {
        Map<String, org.sonde.dataplane.model.Ternary> fields = new java.util.TreeMap<>();
        String fault = "link:" + (p.id() != null ? p.id() : p.a() + "-" + p.b()) + ":priority";
        p.high().forEach((name, text) -> {
            var field = n.layout().field(name).orElseThrow(() -> faultError(fault, "no header field " + name
                    + " in the model (its fields: " + String.join(", ", n.layout().names()) + ")"));
            int width = field.widthBits();
            try {
                if (text.contains(".")) {
                    if (width != 32) throw faultError(fault, name + " is " + width + " bits wide, not an IPv4 address");
                    int slash = text.indexOf('/');
                    long address = org.sonde.packet.Ipv4Address.parse(slash < 0 ? text : text.substring(0, slash)).value() & 0xFFFF_FFFFL;
                    fields.put(name, org.sonde.dataplane.model.Ternary.prefix(address, slash < 0 ? 32 : Integer.parseInt(text.substring(slash + 1)), 32));
                } else {
                    long v = Long.parseLong(text);
                    if (v < 0 || !field.fits(v)) throw faultError(fault, name + "=" + text + " does not fit the field's " + width + " bits");
                    fields.put(name, org.sonde.dataplane.model.Ternary.exact(v, width));
                }
            } catch (RuntimeException e) {
                if (e instanceof UsageException u) throw u; // already says what is wrong
                throw faultError(fault, "bad value " + name + "=" + text + " (a number, or an IPv4 address with an optional /length): " + e.getMessage());
            }
        });
        return new Match(fields);
    }

    /** A fault naming something the model lacks: the option's value is wrong (a usage error). */
    private static UsageException faultError(String fault, String problem) {
        return new UsageException("--fault " + fault + ": " + problem);
    }

    private static String requireRule(Network n, String id) {
        if (n.rule(id).isEmpty())
            throw faultError("rule:" + id, "no rule " + id + " in the network"
                    + (AclEntryRef.isAclEntry(id) ? " (an ACL entry takes " + id + ":permit, :deny or :missing)" : ""));
        return id;
    }

    private static AclEntry requireAclEntry(Network n, AclEntryRef ref) {
        var acl = n.acl(ref.aclId());
        if (acl.isEmpty()) throw faultError(ref.id(), "no ACL " + ref.aclId() + " in the network");
        int size = acl.get().entries().size();
        if (ref.index() > size + 1)
            throw faultError(ref.id(), "ACL " + ref.aclId() + " has " + size + " entries (numbered from 1; "
                    + (size + 1) + " is its implicit final deny), not " + ref.index());
        return acl.get().entriesWithImplicitDeny().get(ref.index() - 1);
    }

    /** hassel links leave from output twins ({@code <if>@out}, p + 20000); a fault names the port itself. */
    private static int physical(Network n, int port) {
        boolean twin = n.port(port).map(p -> p.name().endsWith("@out")).orElse(false);
        return twin ? port - org.sonde.dataplane.reach.ReachOptions.HASSEL_OUTPUT_OFFSET : port;
    }

    private static List<Link> matching(Network n, String id, int a, int b) {
        List<Link> out = n.links().stream().filter(l -> id != null ? l.id().equals(id)
                : Set.of(physical(n, l.fromPortId()), physical(n, l.toPortId())).equals(Set.of(a, b))).toList();
        if (out.isEmpty())
            throw faultError("link:" + (id != null ? id : a + "-" + b), "no such link in the network");
        return out;
    }
}
