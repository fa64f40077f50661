package org.sonde.dataplane.io.hassel;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clipAscii;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntPredicate;
import java.util.stream.Stream;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;
import org.sonde.dataplane.io.text.Text;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.HeaderLayouts;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.Ternary;

/**
 * Builds a {@link Network} from hassel's transfer-function text files: {@code port_map.txt}
 * and {@code *.tf}. A file of {@code link} rules (hassel's {@code topology.tf}) gives the links;
 * every other file is the rule table of the router its header line names, with the
 * {@link MatchPolicy#EXPLICIT} policy ({@code affected_by} becomes {@link Rule#shadowedBy()}).
 *
 * <p>Rule and link ids are {@code <file>#<n>} with n the 1-based position in the file (equal to
 * the number in hassel's own label, which is kept in {@link Origin#label()} with the source file
 * and lines); priorities fall from the file's rule count to 1 in file order. hassel's port ids are kept; ports missing from the port map but used by rules are
 * added when they are a router's engine ({@code r*100000}, named {@code engine}) or an
 * intermediate ({@code +10000}, {@code <if>@mid}) or output ({@code +20000}, {@code <if>@out})
 * copy of a mapped port. The inverse match and rewrite, and the intersections and ports of
 * {@code affected_by}, are derived data: checked for shape, not kept.
 */
public final class HasselImport {

    /** The port map's file name in a hassel directory. */
    public static final String PORT_MAP = "port_map.txt";

    private static final int INTERMEDIATE_OFFSET = 10_000;
    private static final int OUTPUT_OFFSET = 20_000;

    /**
     * A hassel network and what the import counted.
     *
     * @param mappedPorts  ports listed in the port map
     * @param derivedPorts engine and stage-copy ports added because rules use them
     * @param rulesByFile  rules per router {@code .tf} file, in file-name order
     * @param linkRules    {@code link} rules (one {@link Link} each)
     */
    public record Import(Network network, int mappedPorts, int derivedPorts, Map<String, Integer> rulesByFile, int linkRules) {
        public Import {
            rulesByFile = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(rulesByFile));
        }
    }

    private HasselImport() {}

    /**
     * The layout a hassel directory's router files are written in, from the header length that
     * starts the first one's first line (in nibbles): 8 is ip_dst alone, 12 VLAN and ip_dst,
     * anything else hassel's full layout.
     */
    public static HeaderLayout layoutOf(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            Path tf = files.filter(f -> f.getFileName().toString().endsWith(".tf")
                    && !f.getFileName().toString().equals("topology.tf")).sorted().findFirst()
                    .orElseThrow(() -> new BadInputException(dir.toString(), "", "expected router .tf files"));
            String first;
            try (var lines = Files.lines(tf, StandardCharsets.ISO_8859_1)) {
                first = lines.findFirst().orElse("");
            }
            String width = first.split("\\$", 2)[0];
            return switch (width) {
                case "8" -> HeaderLayouts.HASSEL_IP_DST;
                case "12" -> HeaderLayouts.HASSEL_VLAN_IP_DST;
                default -> HeaderLayouts.HASSEL;
            };
        } catch (IOException e) {
            throw Text.unreadable("hassel files", dir, e);
        }
    }

    /** The number of pipeline stages a hassel directory's {@code stages} file gives (Internet2's model has two), 1 without one. */
    public static int stages(Path dir) {
        Path f = dir.resolve("stages");
        if (!Files.isRegularFile(f)) return 1;
        try {
            String text = Files.readString(f, StandardCharsets.UTF_8).strip();
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw new BadInputException(f.toString(), "line 1", "expected the number of stages, got " + text);
            }
        } catch (IOException e) {
            throw new EnvironmentException("cannot read " + f + ": " + InputFiles.describe(e), "check the file's permissions", e);
        }
    }

    /** Reads {@code port_map.txt} and every {@code *.tf} file of a hassel directory. */
    public static Import load(Path dir, HeaderLayout layout) {
        try {
            Map<String, String> tfs = Text.readFiles(dir, p -> p.getFileName().toString().endsWith(".tf"));
            Path portMap = dir.resolve(PORT_MAP);
            if (!Files.isRegularFile(portMap)) throw new BadInputException(dir.toString(), "", "expected a file " + PORT_MAP);
            return parse(Text.read(portMap), tfs, layout);
        } catch (IOException e) {
            throw Text.unreadable("hassel files", dir, e);
        }
    }

    /**
     * Builds the network from texts: the port map and the {@code .tf} files by file name (the
     * names appear in rule ids and error messages). Files are taken in name order.
     */
    public static Import parse(String portMapText, Map<String, String> tfTextsByFile, HeaderLayout layout) {
        PortMapText map = PortMapText.parse(PORT_MAP, portMapText);
        Map<String, String> ordered = new TreeMap<>(tfTextsByFile);
        if (ordered.isEmpty()) throw new BadInputException("hassel files", "", "expected at least one .tf file");
        Ports ports = new Ports(map);
        List<Link> links = new ArrayList<>();
        List<RuleTable> tables = new ArrayList<>();
        Map<String, Integer> rulesByFile = new LinkedHashMap<>();
        Set<String> routersWithTable = new TreeSet<>();
        int linkRules = 0;
        for (Map.Entry<String, String> e : ordered.entrySet()) {
            TfText tf = TfText.parse(e.getKey(), e.getValue(), layout);
            boolean topology = !tf.rules().isEmpty() && tf.rules().getFirst().action().equals("link");
            for (TfText.TfRule r : tf.rules())
                if (r.action().equals("link") != topology)
                    throw bad(tf.file(), r.line(), topology
                            ? "expected only link rules in a file that starts with one, got " + r.action()
                            : "expected fwd or rw rules in a router file, got link");
            if (topology) {
                for (TfText.TfRule r : tf.rules()) links.add(link(tf, r, ports));
                linkRules += tf.rules().size();
            } else {
                String router = tf.name();
                if (!map.indexByRouter().containsKey(router))
                    throw bad(tf.file(), 1, "expected a router of " + PORT_MAP + " as the header's name, got \"" + clipAscii(router) + "\"");
                if (!routersWithTable.add(router))
                    throw bad(tf.file(), 1, "router " + router + " already has a rule file");
                List<Rule> rules = new ArrayList<>(tf.rules().size());
                for (TfText.TfRule r : tf.rules()) rules.add(rule(tf, r, router, layout, ports));
                tables.add(new RuleTable(router, MatchPolicy.EXPLICIT, rules));
                rulesByFile.put(tf.file(), rules.size());
            }
        }
        List<Device> devices = map.routers().stream().map(Device::new).toList();
        List<Port> all = ports.all();
        try {
            Network network = Network.forwarding(layout, devices, all, links, tables);
            return new Import(network, map.portsById().size(), all.size() - map.portsById().size(), rulesByFile, linkRules);
        } catch (BadInputException e) {
            throw new BadInputException("hassel files", e.location(), e.problem(), e.hint(), e);
        }
    }

    private static String id(TfText tf, TfText.TfRule r) {
        return tf.file() + "#" + (r.index() + 1);
    }

    private static Origin origin(TfText.TfRule r) {
        return new Origin(r.label(), r.sourceFile(), r.sourceLines());
    }

    private static Link link(TfText tf, TfText.TfRule r, Ports ports) {
        if (r.inPorts().size() != 1 || r.outPorts().size() != 1)
            throw bad(tf.file(), r.line(), "expected one in-port and one out-port in a link rule, got "
                    + r.inPorts() + " and " + r.outPorts());
        if (r.match() != null || r.mask() != null || r.rewrite() != null || !r.affectedBy().isEmpty())
            throw bad(tf.file(), r.line(), "expected a link rule without match, rewrite or affected_by");
        int from = ports.resolve(tf, r, r.inPorts().getFirst());
        int to = ports.resolve(tf, r, r.outPorts().getFirst());
        if (from == to) throw bad(tf.file(), r.line(), "link rule connects port " + from + " to itself");
        return new Link(id(tf, r), from, to, origin(r));
    }

    private static Rule rule(TfText tf, TfText.TfRule r, String router, HeaderLayout layout, Ports ports) {
        if (r.inPorts().isEmpty()) throw bad(tf.file(), r.line(), "in_ports: expected at least one port");
        if (new TreeSet<>(r.inPorts()).size() != r.inPorts().size() || new TreeSet<>(r.outPorts()).size() != r.outPorts().size())
            throw bad(tf.file(), r.line(), "expected no port twice in in_ports or out_ports");
        for (int p : r.inPorts()) ports.requireOwn(tf, r, p, router);
        for (int p : r.outPorts()) ports.requireOwn(tf, r, p, router);
        Match match = r.match() == null ? Match.ANY : match(tf, r, layout, r.match());
        List<Action> actions = new ArrayList<>();
        if (r.action().equals("rw")) {
            if (r.mask() == null || r.rewrite() == null)
                throw bad(tf.file(), r.line(), "expected mask and rewrite in an rw rule");
            actions.addAll(rewrites(tf, r, layout));
        } else if (r.mask() != null || r.rewrite() != null) {
            throw bad(tf.file(), r.line(), "expected mask and rewrite None in a fwd rule");
        }
        actions.add(r.outPorts().isEmpty() ? new Action.Drop() : new Action.Forward(r.outPorts()));
        List<String> shadowedBy = r.affectedBy().stream().distinct().map(i -> tf.file() + "#" + (i + 1)).toList();
        int priority = tf.rules().size() - r.index();
        return new Rule(id(tf, r), priority, Set.copyOf(r.inPorts()), match, actions, shadowedBy, origin(r));
    }

    /** Splits a 0/1/x string (most significant bit first) into per-field constraints. */
    private static Match match(TfText tf, TfText.TfRule r, HeaderLayout layout, String bits) {
        IntPredicate fixed = i -> bits.charAt(i) != 'x';
        requireCovered(tf, r, layout, bits.length(), fixed, "match constrains");
        Map<String, Ternary> fields = new LinkedHashMap<>();
        for (HeaderField f : layout.fields())
            fields.put(f.name(), new Ternary(bitsOf(f, i -> bits.charAt(i) == '1'), bitsOf(f, fixed)));
        return new Match(fields);
    }

    /** hassel rewrites by new = (old & mask) | rewrite: a bit is set where mask is 0 or rewrite is 1. */
    private static List<Action> rewrites(TfText tf, TfText.TfRule r, HeaderLayout layout) {
        String mask = r.mask(), rewrite = r.rewrite();
        IntPredicate written = i -> mask.charAt(i) == '0' || rewrite.charAt(i) == '1';
        requireCovered(tf, r, layout, mask.length(), written, "rewrite changes");
        List<Action> out = new ArrayList<>();
        for (HeaderField f : layout.fields()) {
            long set = bitsOf(f, written);
            if (set != 0) out.add(new Action.SetField(f.name(), bitsOf(f, i -> rewrite.charAt(i) == '1'), set));
        }
        return out;
    }

    /** The bits of field {@code f} whose header positions satisfy {@code test}, as the field's value. */
    private static long bitsOf(HeaderField f, IntPredicate test) {
        long out = 0;
        for (int i = 0; i < f.widthBits(); i++) out = out << 1 | (test.test(f.offsetBits() + i) ? 1 : 0);
        return out;
    }

    /** Rejects a rule that fixes or writes a header bit no field of the layout can express. */
    private static void requireCovered(TfText tf, TfText.TfRule r, HeaderLayout layout, int width, IntPredicate used, String what) {
        boolean[] covered = new boolean[width];
        for (HeaderField f : layout.fields()) java.util.Arrays.fill(covered, f.offsetBits(), f.offsetBits() + f.widthBits(), true);
        for (int i = 0; i < width; i++)
            if (!covered[i] && used.test(i))
                throw bad(tf.file(), r.line(), what + " bit " + i + ", which no field of layout " + layout.name() + " covers");
    }

    /** The mapped ports, plus engine and stage-copy ports as rules first use them. */
    private static final class Ports {
        private final PortMapText map;
        private final Map<Integer, Port> derived = new TreeMap<>();

        Ports(PortMapText map) {
            this.map = map;
        }

        int resolve(TfText tf, TfText.TfRule r, int id) {
            if (map.portsById().containsKey(id) || derived.containsKey(id)) return id;
            String router = map.routerByIndex().get(id / PortMapText.ROUTER_STRIDE);
            int k = id % PortMapText.ROUTER_STRIDE;
            String name = null;
            if (router != null && k == 0) name = "engine";
            else if (router != null && k > OUTPUT_OFFSET && map.portsById().containsKey(id - OUTPUT_OFFSET))
                name = map.portsById().get(id - OUTPUT_OFFSET).name() + "@out";
            else if (router != null && k > INTERMEDIATE_OFFSET && map.portsById().containsKey(id - INTERMEDIATE_OFFSET))
                name = map.portsById().get(id - INTERMEDIATE_OFFSET).name() + "@mid";
            if (name == null)
                throw bad(tf.file(), r.line(), "port " + id + " is neither in " + PORT_MAP
                        + " nor a router's engine (r*100000) or an intermediate (+10000) or output (+20000) copy of a mapped port");
            derived.put(id, new Port(id, router, name));
            return id;
        }

        void requireOwn(TfText tf, TfText.TfRule r, int id, String router) {
            resolve(tf, r, id);
            String owner = map.routerByIndex().get(id / PortMapText.ROUTER_STRIDE);
            if (!router.equals(owner))
                throw bad(tf.file(), r.line(), "port " + id + " belongs to " + owner + ", not to this file's router " + router);
        }

        List<Port> all() {
            List<Port> out = new ArrayList<>();
            for (PortMapText.MappedPort p : map.portsById().values()) out.add(new Port(p.id(), p.router(), p.name()));
            out.addAll(derived.values());
            return out;
        }
    }
}
