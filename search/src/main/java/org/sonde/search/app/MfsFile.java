package org.sonde.search.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.sonde.core.BadInputException;
import org.sonde.core.InputFiles;
import org.sonde.core.Json;
import org.sonde.search.mfs.Feature;
import org.sonde.search.mfs.Mfs;
import org.sonde.search.mfs.Range;
import org.sonde.search.mfs.TrafficCondition;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.QpType;

/** The MFSs of a {@code sonde search run --json} file, read back (their trigger points are not). */
public final class MfsFile {
    private static final String HINT = "give the --json file of sonde search run";

    private MfsFile() {}

    public static List<Mfs> read(Path file) {
        String text = InputFiles.readUtf8(file, "search result", HINT);
        JsonNode root;
        try {
            root = Json.mapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw Json.badInput(file.toString(), e, HINT);
        }
        JsonNode anomalies = root == null ? null : root.get("anomalies");
        if (anomalies == null || !anomalies.isArray()) throw new BadInputException(file.toString(), "anomalies", "is missing or not a list", HINT, null);
        List<Mfs> out = new ArrayList<>();
        for (int i = 0; i < anomalies.size(); i++) {
            JsonNode a = anomalies.get(i), m = a.get("mfs");
            if (m == null || m.isNull()) continue;
            String at = "anomalies[" + i + "].mfs";
            if (m.has("space")) {
                throw new BadInputException(file.toString(), at, "is an MFS of the " + m.path("space").asText() + " space (a linux target's run), not an RDMA one",
                        HINT, null);
            }
            try {
                Symptom s = "pause".equals(a.path("symptom").asText()) ? Symptom.PAUSE : Symptom.THROUGHPUT;
                Set<Mode> modes = EnumSet.noneOf(Mode.class);
                for (JsonNode x : m.path("mode")) modes.add(Mode.valueOf(constant(x.asText())));
                List<TrafficCondition> cs = new ArrayList<>();
                for (JsonNode t : m.path("traffics")) cs.add(condition(t));
                out.add(new Mfs(s, modes, cs, null, a.path("mfsExperiments").asInt()));
            } catch (IllegalArgumentException e) {
                throw new BadInputException(file.toString(), at, e.getMessage(), HINT, e);
            }
        }
        return out;
    }

    private static TrafficCondition condition(JsonNode t) {
        Map<Feature, Set<Long>> allowed = new EnumMap<>(Feature.class);
        Map<Feature, Range> ranges = new EnumMap<>(Feature.class);
        Range min = null, max = null;
        boolean offSocket = false;
        var fields = t.fields();
        while (fields.hasNext()) {
            var e = fields.next();
            String k = e.getKey();
            if (k.equals("minRequestBytes")) min = range(e.getValue(), k);
            else if (k.equals("maxRequestBytes")) max = range(e.getValue(), k);
            else if (k.equals(Mfs.OFF_SOCKET)) offSocket = flag(e.getValue(), k);
            else {
                Feature f = null;
                for (Feature x : Feature.values()) if (x.jsonName().equals(k)) f = x;
                if (f == null) throw new IllegalArgumentException("unknown feature \"" + k + "\"");
                if (f.categorical()) {
                    Set<Long> vs = new LinkedHashSet<>();
                    for (JsonNode v : e.getValue()) vs.add(categorical(f, v));
                    allowed.put(f, vs);
                } else {
                    ranges.put(f, range(e.getValue(), k));
                }
            }
        }
        return new TrafficCondition(allowed, ranges, min, max, offSocket);
    }

    private static long categorical(Feature f, JsonNode v) {
        return switch (f) {
            case QP_TYPE -> QpType.valueOf(constant(v.asText())).ordinal();
            case OPCODE -> Opcode.valueOf(constant(v.asText())).ordinal();
            case SENDER_MEMORY, RECEIVER_MEMORY -> Memory.valueOf(constant(v.asText())).ordinal();
            default -> v.asLong();
        };
    }

    private static Range range(JsonNode n, String k) {
        if (!n.isArray() || n.size() != 2) throw new IllegalArgumentException(k + " must be [lo, hi]");
        return new Range(n.get(0).asLong(), n.get(1).asLong());
    }

    private static boolean flag(JsonNode n, String k) {
        if (!n.isBoolean()) throw new IllegalArgumentException(k + " must be true or false");
        return n.booleanValue();
    }

    private static String constant(String s) {
        return s.strip().toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
