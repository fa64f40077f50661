package org.sonde.testgen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;

/**
 * ATPG tests drop rules by analysing a copy of the network where each drop rule forwards to a
 * new sink port of its device: reachability then finds the headers each drop rule claims, which
 * become expected-absent tests on the real network.
 */
final class DropFlip {
    private DropFlip() {}

    /** The flipped network and its sink ports. */
    record Flipped(Network network, Set<Integer> sinks) {}

    static Flipped flip(Network n) {
        int next = n.ports().stream().mapToInt(Port::id).max().orElse(0) + 1;
        Map<String, Integer> sinkOf = new HashMap<>();
        List<Port> ports = new ArrayList<>(n.ports());
        List<RuleTable> tables = new ArrayList<>();
        for (RuleTable t : n.tables()) {
            List<Rule> rules = new ArrayList<>();
            for (Rule r : t.rules()) {
                if (!(r.actions().getLast() instanceof Action.Drop)) {
                    rules.add(r);
                    continue;
                }
                Integer sink = sinkOf.get(t.deviceId());
                if (sink == null) {
                    sink = next++;
                    sinkOf.put(t.deviceId(), sink);
                    ports.add(new Port(sink, t.deviceId(), "drop-sink"));
                }
                List<Action> actions = new ArrayList<>(r.actions().subList(0, r.actions().size() - 1));
                actions.add(new Action.Forward(List.of(sink)));
                rules.add(new Rule(r.id(), r.priority(), r.inPortIds(), r.match(), actions, r.shadowedBy(), r.origin()));
            }
            tables.add(new RuleTable(t.deviceId(), t.policy(), rules));
        }
        Network flipped = new Network(n.layout(), n.devices(), ports, n.links(), tables, n.acls(), n.aclBindings(),
                n.vlanMemberships(), n.macEntries());
        return new Flipped(flipped, Set.copyOf(sinkOf.values()));
    }
}
