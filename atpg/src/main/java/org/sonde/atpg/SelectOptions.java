package org.sonde.atpg;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How to select a suite.
 *
 * @param sources          test terminals: ports packets are injected at
 * @param cover            rules or links
 * @param seed             breaks ties between equally good packets, reproducibly
 * @param weights          element (rule or link id) weights for the greedy cover; absent: 1.
 *                         Heavier elements are covered first, by packets that cover them
 * @param only             if not empty, cover only these elements (a user-given rule subset)
 * @param reservedPerElement reserved packets kept per covered element for localisation
 * @param samplesPerPath   packets per chosen path (equivalence class), all regular: the first
 *                         from the path's example, the others with the bits no rule of the path
 *                         matches on drawn from the seed (a fault may hit part of a class only);
 *                         draws that do not follow the same path are dropped
 */
public record SelectOptions(List<Integer> sources, Cover cover, long seed,
                            Map<String, Double> weights, Set<String> only, int reservedPerElement, int samplesPerPath) {
    public SelectOptions {
        // a port listed twice is one source (the selection collects each source's paths in one run)
        sources = List.copyOf(new LinkedHashSet<>(sources));
        weights = Map.copyOf(weights);
        only = Set.copyOf(only);
        if (reservedPerElement < 0) throw new IllegalArgumentException("reservedPerElement is negative");
        if (samplesPerPath < 1) throw new IllegalArgumentException("samplesPerPath must be at least 1");
    }

    /** Rule cover from {@code sources}, seed 1, 2 reserved packets per rule, one packet per path. */
    public static SelectOptions of(List<Integer> sources, Cover cover) {
        return new SelectOptions(sources, cover, 1, Map.of(), Set.of(), 2, 1);
    }

    public SelectOptions withSeed(long s) {
        return new SelectOptions(sources, cover, s, weights, only, reservedPerElement, samplesPerPath);
    }

    public SelectOptions withWeights(Map<String, Double> w) {
        return new SelectOptions(sources, cover, seed, w, only, reservedPerElement, samplesPerPath);
    }

    public SelectOptions withOnly(Set<String> o) {
        return new SelectOptions(sources, cover, seed, weights, o, reservedPerElement, samplesPerPath);
    }

    public SelectOptions withSamplesPerPath(int k) {
        return new SelectOptions(sources, cover, seed, weights, only, reservedPerElement, k);
    }

    public SelectOptions withReservedPerElement(int n) {
        return new SelectOptions(sources, cover, seed, weights, only, n, samplesPerPath);
    }
}
