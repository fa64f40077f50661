package org.sonde.atpg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.dataplane.model.Acl;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.AclEntryRef;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.model.VlanMembership;

/**
 * A network's VLAN memberships and ACL bindings compiled for concrete headers, with the semantics
 * of reachability's filters ({@code org.sonde.dataplane.reach.AclFilter}): per port and
 * direction, the membership first (on layouts with a {@code vlan} field: an access port carries
 * its VLAN, a trunk its allowed VLANs), then every bound ACL in binding order, where the first
 * entry matching the header decides and no match denies.
 */
final class PortFilters {
    /** One ACL entry met: its element id and whether it permits. */
    record Step(String id, boolean permit) {}

    /**
     * What the filters did to a header.
     *
     * @param steps  the entries that decided, in order; when a deny entry stopped the header it is last
     * @param passed whether the header got through
     */
    record Outcome(List<Step> steps, boolean passed) {
        static final Outcome PASS = new Outcome(List.of(), true);
        static final Outcome STOPPED = new Outcome(List.of(), false);

        /** Whether a deny entry (rather than membership or an unmatched header) stopped the header. */
        boolean denied() {
            return !passed && !steps.isEmpty() && !steps.getLast().permit();
        }
    }

    private record Entry(Step step, int[] fields, long[] masks, long[] values) {
        boolean matches(long[] h) {
            for (int i = 0; i < fields.length; i++) if ((h[fields[i]] & masks[i]) != values[i]) return false;
            return true;
        }
    }

    /** A port's filters in one direction; {@code vlans} null when membership does not filter. */
    private record Chain(Set<Integer> vlans, List<List<Entry>> acls) {}

    private final int vlanIndex;
    private final Map<Integer, Chain> in = new HashMap<>(), out = new HashMap<>();

    PortFilters(Network network) {
        HeaderLayout layout = network.layout();
        vlanIndex = layout.names().indexOf("vlan");
        Map<String, List<Entry>> compiled = new HashMap<>();
        for (Acl a : network.acls()) compiled.put(a.id(), compile(a, layout));
        for (Port p : network.ports()) {
            VlanMembership m = vlanIndex < 0 ? null : network.vlanMembership(p.id()).orElse(null);
            Set<Integer> vlans = m == null ? null : switch (m.mode()) {
                case SwitchportMode.Access a -> Set.of(a.vlanId());
                case SwitchportMode.Trunk t -> t.allowedVlanIds();
            };
            for (AclBinding.Direction d : AclBinding.Direction.values()) {
                List<List<Entry>> acls = new ArrayList<>();
                for (AclBinding b : network.aclBindingsOf(p.id())) if (b.direction() == d) acls.add(compiled.get(b.aclId()));
                if (vlans != null || !acls.isEmpty()) (d == AclBinding.Direction.IN ? in : out).put(p.id(), new Chain(vlans, acls));
            }
        }
    }

    private static List<Entry> compile(Acl acl, HeaderLayout layout) {
        List<Entry> out = new ArrayList<>();
        List<AclEntry> entries = acl.entriesWithImplicitDeny();
        for (int k = 0; k < entries.size(); k++) {
            AclEntry e = entries.get(k);
            Match m = e.match();
            int n = m.fields().size(), i = 0;
            int[] fields = new int[n];
            long[] masks = new long[n], values = new long[n];
            for (var f : m.fields().entrySet()) {
                fields[i] = layout.names().indexOf(f.getKey());
                masks[i] = f.getValue().mask();
                values[i] = f.getValue().value();
                i++;
            }
            out.add(new Entry(new Step(new AclEntryRef(acl.id(), k + 1).id(), e.verdict() == AclEntry.Verdict.PERMIT), fields, masks, values));
        }
        return List.copyOf(out);
    }

    /** Whether the port has filters in direction {@code d}; false at once in networks without filters. */
    boolean filters(int port, AclBinding.Direction d) {
        Map<Integer, Chain> chains = d == AclBinding.Direction.IN ? in : out;
        return !chains.isEmpty() && chains.containsKey(port);
    }

    /**
     * What the port's filters in direction {@code d} do to header {@code h} (one value per layout
     * field); deny entry {@code permitted} (null: none) lets the header on as if it permitted it.
     */
    Outcome apply(int port, AclBinding.Direction d, long[] h, String permitted) {
        Chain c = (d == AclBinding.Direction.IN ? in : out).get(port);
        if (c == null) return Outcome.PASS;
        if (c.vlans() != null) {
            long v = h[vlanIndex];
            if (v > Integer.MAX_VALUE || !c.vlans().contains((int) v)) return Outcome.STOPPED;
        }
        List<Step> steps = new ArrayList<>(c.acls().size());
        for (List<Entry> acl : c.acls()) {
            Entry hit = null;
            for (Entry e : acl) if (e.matches(h)) { hit = e; break; }
            if (hit == null) return new Outcome(steps, false);
            steps.add(hit.step());
            if (!hit.step().permit() && !hit.step().id().equals(permitted)) return new Outcome(steps, false);
        }
        return new Outcome(steps, true);
    }
}
