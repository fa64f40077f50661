package org.sonde.probe.topology;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sonde.core.BadInputException;
import org.sonde.core.InputFiles;

/**
 * The plain-text topology file: one statement a line, {@code #} starts a comment.
 *
 * <pre>
 * router r1
 * host h1 agent 10.0.0.1      # a host; "agent ADDRESS" makes it a test agent
 * link h1 r1                  # both directions, WCMP weight 1
 * link r1 r2 weight 2         # both directions, WCMP weight 2
 * arc r2 r3                   # one direction only
 * path h1 r1 r2 r4 h4         # an explicit path (LSP) from agent h1 to agent h4; "weight W" at the end
 * </pre>
 *
 * Nodes are declared before they are used. Every error names the file, the line and what was
 * expected there.
 */
public final class EdgeList {
    private EdgeList() {}

    public static Topology read(Path file) {
        return parse(InputFiles.readUtf8(file, "topology", "a topology file: router/host/link/arc/path lines"), file.toString());
    }

    public static Topology parse(String text, String source) {
        Topology.Builder b = Topology.builder();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int hash = line.indexOf('#');
            if (hash >= 0) line = line.substring(0, hash);
            line = line.strip();
            if (line.isEmpty()) continue;
            String[] w = line.split("\\s+");
            String where = "line " + (i + 1);
            try {
                statement(b, w, where, source);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(source, where, e.getMessage());
            }
        }
        Topology t = b.build();
        if (t.agents().size() < 2) throw new BadInputException(source, "", "needs at least two agents, found " + t.agents().size(),
                "mark hosts as agents: host NAME agent ADDRESS", null);
        return t;
    }

    private static void statement(Topology.Builder b, String[] w, String where, String source) {
        switch (w[0]) {
            case "router" -> {
                arity(w, 2, 2, "router NAME", where, source);
                b.router(w[1]);
            }
            case "host" -> {
                if (w.length == 2) b.host(w[1]);
                else if (w.length == 4 && w[2].equals("agent")) b.host(w[1]).agent(w[1], w[3]);
                else throw new BadInputException(source, where, "expected 'host NAME' or 'host NAME agent ADDRESS'");
            }
            case "link", "arc" -> {
                double weight = 1;
                if (w.length == 5 && w[3].equals("weight")) weight = number(w[4], "weight", where, source);
                else arity(w, 3, 3, w[0] + " A B [weight W]", where, source);
                if (w[0].equals("link")) b.biLink(w[1], w[2], weight);
                else b.link(w[1], w[2], weight);
            }
            case "path" -> {
                List<String> via = new ArrayList<>(Arrays.asList(w).subList(1, w.length));
                double weight = 1;
                if (via.size() >= 2 && via.get(via.size() - 2).equals("weight")) {
                    weight = number(via.getLast(), "weight", where, source);
                    via = via.subList(0, via.size() - 2);
                }
                if (via.size() < 3) throw new BadInputException(source, where, "expected 'path SOURCE-HOST ROUTER... DESTINATION-HOST [weight W]'");
                b.path(via, weight);
            }
            default -> throw new BadInputException(source, where, "unknown statement '" + w[0] + "'; expected router, host, link, arc or path");
        }
    }

    private static void arity(String[] w, int min, int max, String form, String where, String source) {
        if (w.length < min || w.length > max) throw new BadInputException(source, where, "expected '" + form + "'");
    }

    private static double number(String s, String what, String where, String source) {
        try {
            double d = Double.parseDouble(s);
            if (d > 0 && !Double.isInfinite(d)) return d;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new BadInputException(source, where, what + " must be a positive number, got '" + s + "'");
    }
}
