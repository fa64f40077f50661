package org.sonde.dataplane.io;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.io.apkeep.StanfordApkeepImport;
import org.sonde.dataplane.io.dataset.Internet2JunosImport;
import org.sonde.dataplane.io.dataset.StanfordCiscoImport;
import org.sonde.dataplane.io.hassel.HasselImport;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.reach.Model;
import org.sonde.dataplane.reach.ReachOptions;

/**
 * The registry of the formats a network model is read from: each one's name, what it needs, its
 * help and its loader, in the order help texts list them. A new format is one more entry here.
 */
public final class ModelFormats {
    private static final ModelFormat.Topology STANFORD_TOPOLOGY = new ModelFormat.Topology(
            "the raw Stanford backbone files hold no inter-router links; give a file of"
                    + " '<device> <port> <device> <port>' lines (short port names such as te1/3, # comments), or the stanford-apkeep"
                    + " snapshot directory, whose topo.txt links (ACL nodes collapsed) are the backbone's 74 directed links",
            "add --topology ../shared/datasets/stanford-apkeep (or a file of such lines)");

    private static final List<ModelFormat> ALL = List.of(
            new ModelFormat("hassel", "hassel .tf files and port_map.txt", null, (dir, topology) -> hassel(dir)),
            new ModelFormat("stanford-apkeep", "APKeep's Stanford snapshot: FIB, ACLs, VLANs, topology", null,
                    (dir, topology) -> ruleInPorts(StanfordApkeepImport.load(dir).network())),
            new ModelFormat("stanford", "the raw Stanford backbone: Cisco configs, FIBs, ARP, MAC and spanning-tree tables",
                    STANFORD_TOPOLOGY, (dir, topology) -> ruleInPorts(stanford(dir, topology).network())),
            new ModelFormat("internet2", "the raw Internet2 Junos files", null, (dir, topology) -> internet2(dir)),
            new ModelFormat("json", "Sonde's model", null,
                    (path, topology) -> ruleInPorts(NetworkJson.read(Files.isDirectory(path) ? path.resolve("network.json") : path))));

    private ModelFormats() {}

    /** Every format, in help order. */
    static List<ModelFormat> all() {
        return ALL;
    }

    /** The formats' names, in help order: what {@code --format} accepts. */
    public static List<String> names() {
        return ALL.stream().map(ModelFormat::name).toList();
    }

    /** The format called {@code name}, if there is one. */
    public static Optional<ModelFormat> find(String name) {
        return ALL.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /** Every format with its help, for {@code --format}'s description: {@code a (…), b (…; needs --topology) or c (…).} */
    public static String help() {
        List<String> each = ALL.stream().map(f -> f.name() + " (" + f.help() + (f.needsTopology() ? "; needs --topology" : "") + ")").toList();
        return String.join(", ", each.subList(0, each.size() - 1)) + " or " + each.getLast() + ".";
    }

    /** The names of the formats that take a topology, for messages. */
    public static String withTopology() {
        return String.join(" or ", ALL.stream().filter(ModelFormat::needsTopology).map(ModelFormat::name).toList());
    }

    /**
     * hassel directories: the layout follows the {@code .tf} header width, stages come from a
     * {@code stages} file (default 1), ports p and p + 20000 are output twins, and the terminals
     * are the port map's ports.
     */
    private static ModelSource.Loaded hassel(Path dir) {
        HasselImport.Import imp = HasselImport.load(dir, HasselImport.layoutOf(dir));
        Network n = imp.network();
        Model m = new Model(n, HasselImport.stages(dir), ReachOptions.hasselOutputTwins(n));
        return new ModelSource.Loaded(m, n.ports().subList(0, imp.mappedPorts()).stream().map(Port::id).toList());
    }

    /** Raw Internet2 directories: one stage, and the terminals are the port map's ports, which are all the model's ports. */
    private static ModelSource.Loaded internet2(Path dir) {
        Network n = Internet2JunosImport.load(dir).network();
        return new ModelSource.Loaded(Model.of(n), n.ports().stream().map(Port::id).toList());
    }

    /** The raw Stanford backbone with a topology file, or with the links of an APKeep snapshot directory. */
    private static StanfordCiscoImport.Import stanford(Path dir, Path topology) {
        if (!Files.isDirectory(topology)) return StanfordCiscoImport.load(dir, topology);
        if (!Files.isRegularFile(topology.resolve(StanfordApkeepImport.TOPOLOGY)))
            throw new BadInputException("--topology", topology.toString(), "expected a topology file or an APKeep snapshot directory with "
                    + StanfordApkeepImport.TOPOLOGY + ": " + STANFORD_TOPOLOGY.why());
        return StanfordCiscoImport.load(dir, topology.resolve(StanfordApkeepImport.TOPOLOGY).toString(), StanfordCiscoImport.topologyFromApkeep(topology));
    }

    /** One stage; the terminals are every port some rule takes packets from. */
    private static ModelSource.Loaded ruleInPorts(Network n) {
        Model m = Model.of(n);
        Set<Integer> in = new HashSet<>();
        n.tables().forEach(t -> t.rules().forEach(r -> in.addAll(r.inPortIds())));
        return new ModelSource.Loaded(m, n.ports().stream().map(Port::id).filter(in::contains).toList());
    }
}
