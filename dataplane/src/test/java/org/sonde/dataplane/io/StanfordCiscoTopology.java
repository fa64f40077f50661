package org.sonde.dataplane.io;

import java.nio.file.Path;
import java.util.stream.Collectors;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;

/** The backbone topology for the Cisco import, taken from APKeep's snapshot (its 74 directed links with ACL nodes collapsed). */
final class StanfordCiscoTopology {
    private StanfordCiscoTopology() {}

    static String fromApkeep(Path apkeepDir) {
        Network n = StanfordApkeepImport.load(apkeepDir).network();
        return n.links().stream().map(l -> {
            Port a = n.port(l.fromPortId()).orElseThrow(), b = n.port(l.toPortId()).orElseThrow();
            return a.deviceId() + " " + a.name() + " " + b.deviceId() + " " + b.name();
        }).collect(Collectors.joining("\n", "# from stanford-apkeep/topo.txt\n", "\n"));
    }
}
