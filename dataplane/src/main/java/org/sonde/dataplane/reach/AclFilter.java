package org.sonde.dataplane.reach;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.sonde.dataplane.hsa.HeaderAlgebra;
import org.sonde.dataplane.hsa.HeaderSpace;
import org.sonde.dataplane.model.Acl;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.AclEntryRef;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.model.Ternary;
import org.sonde.dataplane.model.VlanMembership;

/**
 * What stands between the wire and a device's table, compiled per algebra like {@link Transfer}:
 * for each port and direction, the port's VLAN membership and then its ACLs in binding order.
 *
 * <p>ACLs: a space passes a port's ACLs of one direction only if every bound ACL permits it, met
 * in binding order; in each ACL the first entry whose match holds a header decides, and a header
 * no entry matches is denied. Each permit entry that passes a non-empty part of the space is a
 * step of that part's history ({@link AclEntryRef#id()}), so a space splits into one part per
 * combination of permit entries it meets, as it splits into one part per rule in a table. A part
 * a deny entry stops ends there, unless the entry has a {@linkplain ReachOptions#aclDenySinks()
 * deny sink}: then the part goes on as if the entry permitted it, <em>flipped</em>, with the deny
 * entry as a step (ATPG's flipping of drop rules, dissertation §2.3.1, applied to ACLs). A flipped
 * part that meets another deny entry ends there: one entry fails at a time. What no entry matches
 * has no entry to blame and is never flipped.
 *
 * <p>VLAN membership, on layouts with a {@code vlan} field: the field holds the VLAN a frame
 * belongs to on the port (the Cisco import's convention: routes set it before forwarding to a
 * VLAN's ports, and ACLs bound on an SVI match it on the ports carrying that VLAN). An access
 * port carries only its VLAN; a trunk carries its allowed VLANs, and its untagged frames belong to
 * its native VLAN, which the field writes as the native VLAN's id, so they pass exactly when the
 * native VLAN is allowed (as in IOS, which drops native traffic on a trunk that does not allow
 * it). Membership is checked before the ACLs in both directions: a frame the port cannot carry is
 * never received, and a deny entry it would meet after leaving is not what stops it. On a layout
 * without a {@code vlan} field there is nothing to check: APKeep's Stanford snapshot has none, and
 * its {@code vlanN} next hops are already expanded into the port lists of {@code vlan.txt}.
 * A port without bindings or membership is not filtered at all, so networks without them (the
 * hassel models) reach exactly as before.
 */
final class AclFilter {
    /**
     * One part of a filtered space that got through.
     *
     * @param steps   the ACL entries that decided, in order
     * @param space   its headers; null from {@link #applyExact}, where they are exactly {@code cube}
     * @param flipped whether one of them is a deny entry with a sink, passed as if it permitted
     */
    record Part(List<String> steps, HeaderSpace space, Cube cube, boolean flipped) {}

    /** One ACL entry: its id, verdict, the headers it alone decides (its match minus earlier entries') and its match cube. */
    private record Entry(String id, boolean permit, HeaderSpace claims, Cube cube) {}

    /** A port's filters in one direction; {@code vlans} null when membership does not filter. */
    private record Chain(HeaderSpace vlans, Cube vlanCube, List<List<Entry>> acls) {}

    private final Map<Integer, Chain> in = new HashMap<>(), out = new HashMap<>();
    private final Map<String, Integer> denySinks;

    AclFilter(Network network, HeaderAlgebra algebra, Transfer transfer, Map<String, Integer> denySinks) {
        denySinks.forEach((entry, port) -> {
            if (network.aclEntry(entry).filter(e -> e.verdict() == AclEntry.Verdict.DENY).isEmpty())
                throw new IllegalArgumentException("ACL deny sink for " + entry + ", which is not a deny entry of the network");
            if (network.port(port).isEmpty()) throw new IllegalArgumentException("ACL deny sink " + port + " of " + entry + " is not a port");
        });
        this.denySinks = Map.copyOf(denySinks);
        Map<String, List<Entry>> compiled = new HashMap<>();
        for (Acl a : network.acls()) compiled.put(a.id(), compile(a, algebra, transfer));
        Map<Integer, Map<AclBinding.Direction, List<List<Entry>>>> bound = new HashMap<>();
        for (AclBinding b : network.aclBindings())
            bound.computeIfAbsent(b.portId(), p -> new HashMap<>()).computeIfAbsent(b.direction(), d -> new ArrayList<>()).add(compiled.get(b.aclId()));
        HeaderField vlanField = algebra.layout().field("vlan").orElse(null);
        for (Port p : network.ports()) {
            VlanMembership m = vlanField == null ? null : network.vlanMembership(p.id()).orElse(null);
            Map<AclBinding.Direction, List<List<Entry>>> acls = bound.getOrDefault(p.id(), Map.of());
            if (m == null && acls.isEmpty()) continue;
            HeaderSpace vlans = m == null ? null : vlans(m.mode(), vlanField, algebra);
            Cube vlanCube = m != null && m.mode() instanceof SwitchportMode.Access a && vlanField.fits(a.vlanId())
                    ? transfer.cube(Match.ANY.and("vlan", Ternary.exact(a.vlanId(), vlanField.widthBits()))) : null;
            for (AclBinding.Direction d : AclBinding.Direction.values()) {
                List<List<Entry>> chain = acls.getOrDefault(d, List.of());
                if (vlans != null || !chain.isEmpty()) (d == AclBinding.Direction.IN ? in : out).put(p.id(), new Chain(vlans, vlanCube, chain));
            }
        }
    }

    private static List<Entry> compile(Acl acl, HeaderAlgebra algebra, Transfer transfer) {
        List<Entry> out = new ArrayList<>();
        HeaderSpace before = algebra.none();
        List<AclEntry> entries = acl.entriesWithImplicitDeny();
        for (int i = 0; i < entries.size(); i++) {
            AclEntry e = entries.get(i);
            HeaderSpace match = algebra.match(e.match());
            out.add(new Entry(new AclEntryRef(acl.id(), i + 1).id(), e.verdict() == AclEntry.Verdict.PERMIT, match.minus(before), transfer.cube(e.match())));
            before = before.union(match);
        }
        return List.copyOf(out);
    }

    /** The headers whose vlan field is a VLAN the port carries; VLAN ids the field cannot hold are never carried. */
    private static HeaderSpace vlans(SwitchportMode mode, HeaderField field, HeaderAlgebra algebra) {
        TreeSet<Integer> ids = switch (mode) {
            case SwitchportMode.Access a -> new TreeSet<>(List.of(a.vlanId()));
            case SwitchportMode.Trunk t -> new TreeSet<>(t.allowedVlanIds());
        };
        HeaderSpace s = algebra.none();
        Integer lo = null, hi = null;
        for (int v : ids) {
            if (!field.fits(v)) break;
            if (lo != null && v == hi + 1) {
                hi = v;
                continue;
            }
            if (lo != null) s = s.union(algebra.range("vlan", lo, hi));
            lo = v;
            hi = v;
        }
        return lo == null ? s : s.union(algebra.range("vlan", lo, hi));
    }

    /** Whether the port filters anything in direction {@code d}; false at once in networks without filters. */
    boolean filters(int port, AclBinding.Direction d) {
        Map<Integer, Chain> chains = d == AclBinding.Direction.IN ? in : out;
        return !chains.isEmpty() && chains.containsKey(port);
    }

    /** Whether some deny entry has a sink: reachability then flips deny entries. */
    boolean flips() {
        return !denySinks.isEmpty();
    }

    /** The sink of deny entry {@code entryId}, or -1 if it has none (or is no deny entry). */
    int sinkOf(String entryId) {
        return denySinks.getOrDefault(entryId, -1);
    }

    /**
     * The parts of exactly the headers of {@code cube} that pass the port's filters in direction
     * {@code d}, each exactly a cube again, or null when an entry would split the cube (the caller
     * then takes {@link #apply}): at most one part, since the first entry meeting the cube must
     * hold all of it. Flows of leaf prefixes stay cubes through the ACLs this way, with no BDD work.
     */
    List<Part> applyExact(int port, AclBinding.Direction d, Cube cube) {
        Chain c = (d == AclBinding.Direction.IN ? in : out).get(port);
        if (c == null) return List.of(new Part(List.of(), null, cube, false));
        if (c.vlans() != null) {
            if (c.vlanCube() == null) return null;
            if (!cube.overlaps(c.vlanCube())) return List.of();
            cube = cube.and(c.vlanCube());
        }
        List<String> steps = new ArrayList<>();
        boolean flipped = false;
        for (List<Entry> acl : c.acls()) {
            Entry hit = null;
            for (Entry e : acl) {
                if (!cube.overlaps(e.cube())) continue;
                if (!cube.within(e.cube())) return null;
                hit = e;
                break;
            }
            // The implicit deny meets every cube: no ACL lets a cube fall off its end.
            if (hit == null) throw new IllegalStateException("ACL without its implicit deny at port " + port);
            steps.add(hit.id());
            if (!hit.permit()) {
                if (flipped || !denySinks.containsKey(hit.id())) return List.of();
                flipped = true;
            }
        }
        return List.of(new Part(steps, null, cube, flipped));
    }

    /**
     * The parts of {@code space} (held by {@code cube}) that pass the port's filters in direction
     * {@code d}, flipped ones included, in entry order.
     */
    List<Part> apply(int port, AclBinding.Direction d, HeaderSpace space, Cube cube) {
        Chain c = (d == AclBinding.Direction.IN ? in : out).get(port);
        if (c == null) return List.of(new Part(List.of(), space, cube, false));
        if (c.vlans() != null) {
            space = space.intersect(c.vlans());
            if (space.isEmpty()) return List.of();
            if (c.vlanCube() != null) cube = cube.and(c.vlanCube());
        }
        List<Part> live = List.of(new Part(List.of(), space, cube, false));
        for (List<Entry> acl : c.acls()) {
            List<Part> next = new ArrayList<>();
            for (Part p : live) {
                HeaderSpace rest = p.space();
                for (Entry e : acl) {
                    if (!p.cube().overlaps(e.cube())) continue;
                    // What is left of the part lies outside every earlier entry's match: an entry
                    // whose match holds the part's whole cube (a permit-any, the implicit deny)
                    // takes all of it, with no BDD work.
                    HeaderSpace hit = p.cube().within(e.cube()) ? rest : rest.intersect(e.claims());
                    if (hit.isEmpty()) continue;
                    List<String> steps = new ArrayList<>(p.steps());
                    steps.add(e.id());
                    if (e.permit()) next.add(new Part(steps, hit, p.cube().and(e.cube()), p.flipped()));
                    else if (!p.flipped() && denySinks.containsKey(e.id())) next.add(new Part(steps, hit, p.cube().and(e.cube()), true));
                    if (hit == rest) break;
                    rest = rest.minus(hit);
                    if (rest.isEmpty()) break;
                }
            }
            live = next;
            if (live.isEmpty()) break;
        }
        return live;
    }
}
