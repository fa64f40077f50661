package org.sonde.verify.snapshot;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sonde.core.AtomicFiles;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Prefix;

/**
 * The text form of a snapshot: a directory of whitespace-separated line files, {@code #} starting
 * a comment line.
 *
 * <ul>
 *   <li>{@code rules.txt} (required): {@code switch ip mask_len next_hops priority}, the route
 *       dumper's five fields (§4.4.4); {@code next_hops} is a comma-separated list of switches,
 *       {@code deliver} (the switch is a last hop of the prefix) or {@code drop} (an explicit drop).</li>
 *   <li>{@code subnets.txt}: one {@code a.b.c.d/n} per line, the subnets to verify; without the file,
 *       the prefixes of the deliver rules.</li>
 *   <li>{@code waypoints.txt}: {@code a.b.c.d/n switch[,switch...]}: traffic to the subnet must pass
 *       one of the switches.</li>
 *   <li>{@code logical-switches.txt}: {@code logical physical}: a logical switch (one VRF table, or
 *       the rules of one ingress port) and the physical switch it is part of.</li>
 * </ul>
 */
public final class SnapshotText {
    public static final String RULES = "rules.txt";
    public static final String SUBNETS = "subnets.txt";
    public static final String WAYPOINTS = "waypoints.txt";
    public static final String LOGICAL = "logical-switches.txt";

    private SnapshotText() {}

    /** Reads a snapshot directory; a malformed line is a {@link BadInputException} naming file, line and what was expected. */
    public static Snapshot read(Path dir) {
        if (!Files.isDirectory(dir))
            throw new EnvironmentException("no snapshot directory " + dir, "give the directory that holds " + RULES, null);
        Path rules = dir.resolve(RULES);
        if (!Files.isRegularFile(rules))
            throw new BadInputException(dir.toString(), "", "expected a file " + RULES + " in the snapshot directory");
        SnapshotBuilder b = new SnapshotBuilder();
        if (readRules(rules, b) == 0) {
            throw new BadInputException(rules.toString(), "", "no rules: the snapshot is empty, so there is nothing to check",
                    "give a snapshot with rules ('switch ip mask_len next_hops priority' lines)", null);
        }
        Snapshot s = readExtras(dir, b);
        if (s.subnetCount() == 0) {
            throw new BadInputException(dir.resolve(SUBNETS).toString(), "", "no subnets to verify, so nothing would be checked",
                    "list subnets a.b.c.d/n in " + SUBNETS + ", or remove it to verify the prefixes of the deliver rules", null);
        }
        return s;
    }

    /** Reads the subnets, waypoints and logical switches of a snapshot directory into a builder that has its rules, and builds it. */
    public static Snapshot readExtras(Path dir, SnapshotBuilder b) {
        return readExtras(dir, dir.toString(), b);
    }

    /** As {@link #readExtras(Path, SnapshotBuilder)}, for files copied from elsewhere: errors name them in {@code shownDir}. */
    public static Snapshot readExtras(Path dir, String shownDir, SnapshotBuilder b) {
        readLines(dir.resolve(SUBNETS), shownDir, 1, (fields, where) -> b.addSubnet(prefix(fields[0], where)));
        readLines(dir.resolve(WAYPOINTS), shownDir, 2, (fields, where) -> b.addWaypoint(prefix(fields[0], where), List.of(fields[1].split(",", -1))));
        readLines(dir.resolve(LOGICAL), shownDir, 2, (fields, where) -> b.addLogicalSwitch(fields[0], fields[1]));
        try {
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new BadInputException(shownDir, "", e.getMessage());
        }
    }

    /** Where a line came from, for error messages. */
    private record Where(String file, long line) {
        BadInputException error(String problem) {
            return new BadInputException(file, "line " + line, problem);
        }
    }

    private interface LineHandler {
        void handle(String[] fields, Where where);
    }

    private static Ipv4Prefix prefix(String text, Where where) {
        Ipv4Prefix p = Ipv4Prefix.parseOrNull(text);
        if (p == null) throw where.error("expected a subnet a.b.c.d/n (n in 0..32, no address bits after the first n), got '" + text + "'");
        return p;
    }

    private static void readLines(Path file, String shownDir, int fieldCount, LineHandler handler) {
        if (!Files.exists(file)) return;
        try (InputFiles.Lines in = InputFiles.lines(file, "snapshot file", null)) {
            String line;
            while ((line = in.next()) != null) {
                String trimmed = line.strip();
                if (trimmed.isEmpty() || trimmed.startsWith("#")) continue;
                String[] fields = trimmed.split("\\s+");
                Where where = new Where(shownDir + "/" + file.getFileName(), in.number());
                if (fields.length != fieldCount)
                    throw where.error("expected " + fieldCount + " field" + (fieldCount > 1 ? "s" : "") + ", got " + fields.length + ": '" + trimmed + "'");
                try {
                    handler.handle(fields, where);
                } catch (IllegalArgumentException e) {
                    throw where.error(e.getMessage());
                }
            }
        }
    }

    /**
     * The rules file, parsed by hand: it has millions of lines. Next-hop lists repeat, so each
     * distinct text is resolved once. Returns the number of rules.
     */
    private static long readRules(Path file, SnapshotBuilder b) {
        Map<String, Integer> nextHopsByText = new java.util.HashMap<>();
        long rules = 0;
        try (InputFiles.Lines in = InputFiles.lines(file, "rules file", null)) {
            String line;
            int[] starts = new int[6], ends = new int[6];
            while ((line = in.next()) != null) {
                long number = in.number();
                int n = 0, i = 0, len = line.length();
                while (true) {
                    while (i < len && Character.isWhitespace(line.charAt(i))) i++;
                    if (i >= len) break;
                    if (n == 0 && line.charAt(i) == '#') break;
                    if (n == 6) { n++; break; }
                    starts[n] = i;
                    while (i < len && !Character.isWhitespace(line.charAt(i))) i++;
                    ends[n++] = i;
                }
                if (n == 0) continue;
                Where where = new Where(file.toString(), number);
                if (n != 5)
                    throw where.error("expected 5 fields 'switch ip mask_len next_hops priority', got " + (n > 5 ? "more" : n) + ": '" + line.strip() + "'");
                long address = Ipv4Address.parseValue(line, starts[1], ends[1]);
                if (address < 0) throw where.error("expected an IPv4 address a.b.c.d in field 2, got '" + line.substring(starts[1], ends[1]) + "'");
                int length = Ipv4Prefix.parseLength(line, starts[2], ends[2]);
                if (length < 0 || length > 32) throw where.error("expected a mask length 0..32 in field 3, got '" + line.substring(starts[2], ends[2]) + "'");
                if (((int) address & ~Ipv4Prefix.mask(length)) != 0)
                    throw where.error("expected no address bits after the first " + length + " in " + line.substring(starts[1], ends[1]) + "/" + length);
                String priorityText = line.substring(starts[4], ends[4]);
                int priority;
                try {
                    priority = Integer.parseInt(priorityText);
                } catch (NumberFormatException e) {
                    throw where.error("expected an integer priority in field 5, got '" + priorityText + "'");
                }
                try {
                    int sw = b.switchId(line.substring(starts[0], ends[0]));
                    String hopsText = line.substring(starts[3], ends[3]);
                    Integer nh = nextHopsByText.get(hopsText);
                    if (nh == null) {
                        nh = nextHops(b, hopsText);
                        nextHopsByText.put(hopsText, nh);
                    }
                    b.addRule(sw, (int) address, length, nh, priority);
                    rules++;
                } catch (IllegalArgumentException e) {
                    throw where.error(e.getMessage());
                }
            }
        }
        return rules;
    }

    private static int nextHops(SnapshotBuilder b, String text) {
        if (text.equals(NextHops.DELIVER_WORD)) return NextHops.DELIVER;
        if (text.equals(NextHops.DROP_WORD)) return NextHops.DROP;
        String[] parts = text.split(",", -1);
        for (String p : parts)
            if (p.isEmpty()) throw new IllegalArgumentException("expected next hops 'switch[,switch...]', 'deliver' or 'drop' in field 4, got '" + text + "'");
        return b.groupOf(List.of(parts));
    }

    /** Writes a snapshot directory (each file whole or not at all). */
    public static void write(Snapshot s, Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new EnvironmentException("cannot create " + dir + ": " + e.getMessage(), null, e);
        }
        String[] hops = new String[s.groupCount()];
        for (int g = 0; g < hops.length; g++) hops[g] = s.nextHopsText(g);
        AtomicFiles.write(dir.resolve(RULES), out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            w.write("# switch ip mask_len next_hops priority\n");
            StringBuilder line = new StringBuilder(128);
            for (int r = 0; r < s.ruleCount(); r++) {
                int nh = s.ruleNextHops(r);
                line.setLength(0);
                line.append(s.switchName(s.ruleSwitch(r))).append(' ').append(Ipv4Address.format(s.ruleAddress(r))).append(' ')
                        .append(s.ruleLength(r)).append(' ').append(nh >= 0 ? hops[nh] : s.nextHopsText(nh)).append(' ')
                        .append(s.rulePriority(r)).append('\n');
                w.append(line);
            }
            w.flush();
        });
        List<String> subnetLines = new ArrayList<>();
        // files of another snapshot written here before must not stay behind
        deleteIfPresent(dir.resolve(WAYPOINTS));
        deleteIfPresent(dir.resolve(LOGICAL));
        subnetLines.add("# subnets to verify");
        for (Ipv4Prefix p : s.subnets()) subnetLines.add(p.toString());
        writeLines(dir.resolve(SUBNETS), subnetLines);
        if (s.hasWaypoints()) {
            List<String> lines = new ArrayList<>();
            lines.add("# subnet waypoint[,waypoint...]: traffic to the subnet must pass one of them");
            s.waypointNames().forEach((p, names) -> lines.add(p + " " + String.join(",", names)));
            writeLines(dir.resolve(WAYPOINTS), lines);
        }
        if (!s.physicalOf().isEmpty()) {
            List<String> lines = new ArrayList<>();
            lines.add("# logical physical");
            s.physicalOf().forEach((l, p) -> lines.add(l + " " + p));
            writeLines(dir.resolve(LOGICAL), lines);
        }
    }

    private static void deleteIfPresent(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new EnvironmentException("cannot remove " + file + ": " + e.getMessage(), null, e);
        }
    }

    private static void writeLines(Path file, List<String> lines) {
        AtomicFiles.writeString(file, String.join("\n", lines) + "\n");
    }
}
