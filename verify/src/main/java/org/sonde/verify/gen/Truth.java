package org.sonde.verify.gen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.sonde.core.BadInputException;
import org.sonde.core.InputFiles;
import org.sonde.core.Json;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.Violation;
import org.sonde.verify.check.ViolationType;

/**
 * The faults a generator planted in a snapshot ({@code truth.json} beside its rules), and how a
 * check's violations measure up to them: found, missed, and extra.
 *
 * <pre>{@code
 * Optional<Truth> truth = Truth.beside(Path.of("dcn"));
 * truth.map(t -> t.score(result.violations(), result.checks())).ifPresent(s -> System.out.println(s.text()));
 * }</pre>
 */
public record Truth(Path file, List<PlantedFault> planted) {
    /** The file's name in a snapshot directory. */
    public static final String FILE = "truth.json";
    private static final String HINT = "truth.json is what 'sonde verify generate' writes beside rules.txt; remove it to check without one";

    public Truth {
        planted = List.copyOf(planted);
    }

    /** The truth in snapshot directory {@code dir}, when there is one. */
    public static Optional<Truth> beside(Path dir) {
        Path file = dir.resolve(FILE);
        return Files.isRegularFile(file) ? Optional.of(read(file)) : Optional.empty();
    }

    /** Reads a {@code truth.json}; a malformed one is bad input naming the entry and field. */
    public static Truth read(Path file) {
        String source = file.toString();
        JsonNode root;
        try {
            root = Json.mapper().readTree(InputFiles.readUtf8(file, "truth", HINT));
        } catch (JsonProcessingException e) {
            throw Json.badInput(source, e, HINT);
        }
        JsonNode list = root == null ? null : root.get("violations");
        if (list == null || !list.isArray()) throw new BadInputException(source, "violations", "is missing or not a list", HINT, null);
        List<PlantedFault> planted = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode v = list.get(i);
            String at = "violations[" + i + "]";
            ViolationType type;
            try {
                type = ViolationType.ofWord(v.path("type").asText());
            } catch (IllegalArgumentException e) {
                throw new BadInputException(source, at + ".type", e.getMessage() + " (expected loop, blackhole, unreachable or waypoint)", HINT, null);
            }
            Ipv4Prefix subnet = Ipv4Prefix.parseOrNull(v.path("subnet").asText());
            if (subnet == null) throw new BadInputException(source, at + ".subnet", "expected a subnet a.b.c.d/n, got " + v.path("subnet"), HINT, null);
            JsonNode switches = v.path("switches");
            if (!switches.isArray() || switches.isEmpty()) throw new BadInputException(source, at + ".switches", "expected a list of switch names", HINT, null);
            List<String> names = new ArrayList<>();
            for (JsonNode s : switches) {
                if (!s.isTextual()) throw new BadInputException(source, at + ".switches", "expected switch names, got " + s, HINT, null);
                names.add(s.asText());
            }
            planted.add(new PlantedFault(type, subnet, names, v.path("fault").asText("")));
        }
        return new Truth(file, planted);
    }

    /**
     * How {@code violations}, found by {@code checks}, compare: a planted fault is found when a
     * violation of its type and subnet names the same switches; faults of types that were not
     * checked are neither found nor missed. A planted black hole leaves the switches behind it
     * unable to reach its subnet: those unreachable violations are its consequences, not extra.
     */
    public Score score(List<Violation> violations, Set<Check> checks) {
        List<PlantedFault> found = new ArrayList<>(), missed = new ArrayList<>(), unchecked = new ArrayList<>();
        List<Violation> extra = new ArrayList<>(violations);
        for (PlantedFault p : planted) {
            if (!checks.contains(checkOf(p.type()))) {
                unchecked.add(p);
                continue;
            }
            Violation match = extra.stream().filter(v -> v.type() == p.type() && v.subnetPrefix().equals(p.subnetPrefix())
                    && v.switches().stream().sorted().toList().equals(p.switches())).findFirst().orElse(null);
            if (match == null) {
                missed.add(p);
            } else {
                found.add(p);
                extra.remove(match);
            }
        }
        List<Violation> consequences = extra.stream().filter(v -> v.type() == ViolationType.UNREACHABLE && planted.stream()
                .anyMatch(p -> p.type() == ViolationType.BLACKHOLE && p.subnetPrefix().equals(v.subnetPrefix()))).toList();
        extra.removeAll(consequences);
        return new Score(file, found, missed, unchecked, consequences.size(), extra);
    }

    private static Check checkOf(ViolationType type) {
        return switch (type) {
            case LOOP -> Check.LOOPS;
            case BLACKHOLE -> Check.BLACKHOLES;
            case UNREACHABLE -> Check.REACHABILITY;
            case WAYPOINT_BYPASS -> Check.WAYPOINTS;
        };
    }

    /**
     * The comparison of a check with the truth: planted faults found and missed, the unreachable
     * subnets planted black holes explain, and the violations nobody planted.
     */
    public record Score(Path file, List<PlantedFault> found, List<PlantedFault> missed, List<PlantedFault> unchecked, int consequences,
            List<Violation> extra) {
        public Score {
            found = List.copyOf(found);
            missed = List.copyOf(missed);
            unchecked = List.copyOf(unchecked);
            extra = List.copyOf(extra);
        }

        /** Whether the check found exactly what was planted (among the types it checked). */
        public boolean exact() {
            return missed.isEmpty() && extra.isEmpty();
        }

        /** One line: {@code truth.json: 4 planted faults: 4 found, 0 missed; 0 extra violations}. */
        public String text() {
            int checked = found.size() + missed.size();
            return file + ": " + checked + " planted fault" + (checked == 1 ? "" : "s") + " checked: " + found.size() + " found, " + missed.size()
                    + " missed; " + extra.size() + " extra violation" + (extra.size() == 1 ? "" : "s")
                    + (consequences == 0 ? "" : "; " + consequences + " unreachable subnet" + (consequences == 1 ? "" : "s") + " behind planted black holes")
                    + (unchecked.isEmpty() ? "" : "; " + unchecked.size() + " planted of types not checked");
        }

        /** The JSON object of {@code sonde verify check --json}'s {@code truth}. */
        public Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("file", file.toString());
            m.put("found", found.size());
            m.put("missed", missed);
            m.put("extra", extra);
            m.put("consequences", consequences);
            m.put("unchecked", unchecked.size());
            return m;
        }
    }
}
