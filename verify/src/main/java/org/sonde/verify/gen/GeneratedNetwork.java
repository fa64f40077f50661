package org.sonde.verify.gen;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.Json;
import org.sonde.verify.snapshot.Snapshot;

/** A generated snapshot with the faults planted in it: the ground truth the checks are measured against. */
public record GeneratedNetwork(String generator, long seed, Snapshot snapshot, List<PlantedFault> planted) {
    public GeneratedNetwork {
        planted = planted.stream().sorted((a, b) -> {
            int c = a.subnetPrefix().compareTo(b.subnetPrefix());
            return c != 0 ? c : a.type().compareTo(b.type());
        }).toList();
    }

    /** truth.json: the generator, its seed and sizes, and the violations the planted faults must show as. */
    public String truthJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("generator", generator);
        m.put("seed", seed);
        m.put("switches", snapshot.switchCount());
        m.put("rules", snapshot.ruleCount());
        m.put("subnets", snapshot.subnetCount());
        m.put("violations", planted);
        try {
            return Json.mapper().writeValueAsString(m) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
