package org.sonde.dataplane.io;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.sonde.core.BadInputException;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.reach.Model;
import org.sonde.dataplane.reach.ReachOptions;

/**
 * Where a suite's network comes from, so that emulation can load the same model again.
 *
 * @param format   the name of one of {@link ModelFormats}: {@code hassel}, {@code stanford-apkeep},
 *                 {@code stanford}, {@code internet2} or {@code json}
 * @param path     the format's directory, or the JSON file (or a directory holding {@code network.json})
 * @param topology for a format that needs one ({@code stanford}, whose raw files hold no
 *                 inter-router links): a file of {@code <device> <port> <device> <port>} lines, or an
 *                 APKeep snapshot directory whose {@code topo.txt} gives them; null for the others
 */
public record ModelSource(String format, String path, String topology) {
    public ModelSource {
        ModelFormat f = ModelFormats.find(format).orElseThrow(() ->
                new BadInputException("--format", format, "unknown network format (expected one of " + ModelFormats.names() + ")"));
        if (f.needsTopology() && (topology == null || topology.isBlank()))
            throw new BadInputException("--format " + format, path, "expected a topology: " + f.topology().why());
        if (!f.needsTopology() && topology != null)
            throw new BadInputException("--topology", topology, "only --format " + ModelFormats.withTopology() + " takes a topology; " + format + " models hold their links");
    }

    /** A source without topology (every format that needs none). */
    public ModelSource(String format, String path) {
        this(format, path, null);
    }

    /** A loaded model with its candidate test terminals. */
    public record Loaded(Model model, List<Integer> terminals) {
        public Loaded {
            terminals = List.copyOf(terminals);
        }
    }

    /** Loads the model with its format's loader (see {@link ModelFormats} for each format's stages and terminals). */
    public Loaded load() {
        return ModelFormats.find(format).orElseThrow().loader().load(Path.of(path), topology == null ? null : Path.of(topology));
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
