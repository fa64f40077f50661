package org.sonde.atpg;

import java.util.List;
import java.util.Set;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.SwitchportMode;

/**
 * The VLAN of a header to inject at a port with a VLAN membership. A path's example is taken at
 * its destination, so when the path rewrites the vlan field (the Cisco import's routes set the
 * outgoing VLAN) the example holds the last VLAN set, which the ingress port may not carry; the
 * rewrite makes the ingress value irrelevant downstream, so any VLAN the port carries (its access
 * VLAN, else the lowest VLAN a trunk allows) serves. Headers whose VLAN the path keeps, or that the
 * port carries, are left alone; the caller checks the result retraces the path.
 */
final class IngressVlan {
    private IngressVlan() {}

    static long[] carried(Network network, int ingress, List<String> history, long[] h) {
        int v = network.layout().names().indexOf("vlan");
        var membership = network.vlanMembership(ingress);
        if (v < 0 || membership.isEmpty() || !rewritesVlan(network, history)) return h;
        HeaderField field = network.layout().fields().get(v);
        Set<Integer> carried = switch (membership.get().mode()) {
            case SwitchportMode.Access a -> Set.of(a.vlanId());
            case SwitchportMode.Trunk t -> t.allowedVlanIds();
        };
        if (h[v] <= Integer.MAX_VALUE && carried.contains((int) h[v])) return h;
        return carried.stream().filter(field::fits).sorted().findFirst().map(vlan -> {
            long[] out = h.clone();
            out[v] = vlan;
            return out;
        }).orElse(h);
    }

    private static boolean rewritesVlan(Network network, List<String> history) {
        for (String id : history) {
            var step = PathStep.of(network, id);
            if (step.isEmpty()) continue;
            for (Action a : step.get().actions())
                if (a instanceof Action.SetVlan || a instanceof Action.SetField f && f.field().equals("vlan")) return true;
        }
        return false;
    }
}
