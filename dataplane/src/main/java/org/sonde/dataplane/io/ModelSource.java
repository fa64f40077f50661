package org.sonde.dataplane.io;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.io.apkeep.StanfordApkeepImport;
import org.sonde.dataplane.io.dataset.Internet2JunosImport;
import org.sonde.dataplane.io.dataset.StanfordCiscoImport;
import org.sonde.dataplane.io.hassel.HasselImport;
import org.sonde.dataplane.io.json.NetworkJson;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.reach.Model;
import org.sonde.dataplane.reach.ReachOptions;

/**
 * Where a suite's network comes from, so that emulation can load the same model again.
 *
 * @param format   {@code hassel}, {@code stanford-apkeep}, {@code stanford} (the raw Cisco files
 *                 of the Stanford backbone, {@link StanfordCiscoImport}), {@code internet2} (the
 *                 raw Junos files of Internet2, {@link Internet2JunosImport}) or {@code json}
 * @param path     the hassel, APKeep, Stanford backbone or raw Internet2 directory, or the JSON
 *                 file (or a directory holding {@code network.json})
 * @param topology {@code stanford} only, where the raw files hold no inter-router links: a file
 *                 of {@code <device> <port> <device> <port>} lines, or an APKeep snapshot
 *                 directory whose {@code topo.txt} gives them ({@link StanfordCiscoImport#topologyFromApkeep});
 *                 null for the other formats
 */
public record ModelSource(String format, String path, String topology) {
    public static final List<String> FORMATS = List.of("hassel", "stanford-apkeep", "stanford", "internet2", "json");
    /** The format that needs a topology. */
    public static final String STANFORD = "stanford";

    public ModelSource {
        if (!FORMATS.contains(format))
            throw new BadInputException("--format", format, "unknown network format (expected one of " + FORMATS + ")");
        if (format.equals(STANFORD) && (topology == null || topology.isBlank()))
            throw new BadInputException("--format " + STANFORD, path, "expected a topology: " + TOPOLOGY_NEEDED);
        if (!format.equals(STANFORD) && topology != null)
            throw new BadInputException("--topology", topology, "only --format " + STANFORD + " takes a topology; " + format + " models hold their links");
    }

    /** Why {@code stanford} needs a topology and where one comes from, for messages. */
    public static final String TOPOLOGY_NEEDED = "the raw Stanford backbone files hold no inter-router links; give a file of"
            + " '<device> <port> <device> <port>' lines (short port names such as te1/3, # comments), or the stanford-apkeep"
            + " snapshot directory, whose topo.txt links (ACL nodes collapsed) are the backbone's 74 directed links";

    /** A source without topology (every format but {@code stanford}). */
    public ModelSource(String format, String path) {
        this(format, path, null);
    }

    /** A loaded model with its candidate test terminals. */
    public record Loaded(Model model, List<Integer> terminals) {
        public Loaded {
            terminals = List.copyOf(terminals);
        }
    }

    /**
     * Loads the model. hassel directories: the layout follows the {@code .tf} header width (32
     * bits: ip_dst; 48: vlan and ip_dst; else hassel's full layout), stages come from a
     * {@code stages} file (default 1), ports p and p + 20000 are output twins, and the terminals
     * are the port map's ports. Raw Internet2 directories ({@link Internet2JunosImport}): one stage,
     * and the terminals are the port map's ports, which are all the model's ports. Otherwise one
     * stage and the terminals are every port some rule takes packets from. {@code stanford} reads
     * the topology file, or derives it from an APKeep snapshot directory.
     */
    public Loaded load() {
        Path p = Path.of(path);
        return switch (format) {
            case "hassel" -> {
                HasselImport.Import imp = HasselImport.load(p, HasselImport.layoutOf(p));
                Network n = imp.network();
                Model m = new Model(n, HasselImport.stages(p), ReachOptions.hasselOutputTwins(n));
                yield new Loaded(m, n.ports().subList(0, imp.mappedPorts()).stream().map(Port::id).toList());
            }
            case "stanford-apkeep" -> ruleInPorts(Model.of(StanfordApkeepImport.load(p).network()));
            case "internet2" -> {
                Network n = Internet2JunosImport.load(p).network();
                yield new Loaded(Model.of(n), n.ports().stream().map(Port::id).toList());
            }
            case STANFORD -> ruleInPorts(Model.of(stanford(p, Path.of(topology)).network()));
            default -> ruleInPorts(Model.of(NetworkJson.read(Files.isDirectory(p) ? p.resolve("network.json") : p)));
        };
    }

    private static StanfordCiscoImport.Import stanford(Path dir, Path topology) {
        if (!Files.isDirectory(topology)) return StanfordCiscoImport.load(dir, topology);
        if (!Files.isRegularFile(topology.resolve(StanfordApkeepImport.TOPOLOGY)))
            throw new BadInputException("--topology", topology.toString(), "expected a topology file or an APKeep snapshot directory with "
                    + StanfordApkeepImport.TOPOLOGY + ": " + TOPOLOGY_NEEDED);
        return StanfordCiscoImport.load(dir, topology.resolve(StanfordApkeepImport.TOPOLOGY).toString(), StanfordCiscoImport.topologyFromApkeep(topology));
    }

    private static Loaded ruleInPorts(Model m) {
        Set<Integer> in = new HashSet<>();
        m.network().tables().forEach(t -> t.rules().forEach(r -> in.addAll(r.inPortIds())));
        return new Loaded(m, m.network().ports().stream().map(Port::id).filter(in::contains).toList());
    }

    /** Terminals without links (either way): the network's edge. */
    public static List<Integer> edge(Loaded loaded) {
        Set<Integer> linked = new HashSet<>();
        for (Link l : loaded.model().network().links()) {
            linked.add(l.fromPortId());
            linked.add(l.toPortId());
            // hassel links leave from output twins; the port itself is linked too.
            linked.add(l.fromPortId() - ReachOptions.HASSEL_OUTPUT_OFFSET);
        }
        return loaded.terminals().stream().filter(t -> !linked.contains(t)).toList();
    }

    /** {@code percent}% of the terminals (at least one), picked with {@code seed}, in model order. */
    public static List<Integer> sample(List<Integer> terminals, double percent, long seed) {
        if (!(percent > 0 && percent <= 100)) throw new BadInputException("--terminals", percent + "%", "expected a share in (0, 100]");
        List<Integer> shuffled = new ArrayList<>(terminals);
        Collections.shuffle(shuffled, new Random(seed));
        Set<Integer> kept = new HashSet<>(shuffled.subList(0, Math.max(1, (int) Math.round(terminals.size() * percent / 100))));
        return terminals.stream().filter(kept::contains).toList();
    }
}
