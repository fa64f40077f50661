package org.sonde.replay.diagnose;

import java.util.List;
import java.util.Map;

/**
 * What a conclusion rests on: a sentence, the frames it refers to, and the figures it used
 * (durations in microseconds, counts), in a stable order.
 */
public record Evidence(String text, List<Long> frames, Map<String, Long> figures) {
    public Evidence {
        frames = List.copyOf(frames);
        figures = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(figures));
    }
}
