package org.sonde.sim.kernel;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Independent, reproducible random streams, one per named component ("switch:s1/port:2/red",
 * "host:h1/delay"). A stream depends only on the run's seed and its name — not on how many other
 * streams exist or in which order they were created — so adding a component to a scenario leaves
 * every other component's draws unchanged.
 */
public final class RandomStreams {
    private final long seed;

    public RandomStreams(long seed) {
        this.seed = seed;
    }

    public long seed() {
        return seed;
    }

    public SplittableRandom stream(String name) {
        return new SplittableRandom(mix(seed ^ fnv1a(name)));
    }

    /** A 64-bit value derived from the seed and a name, e.g. the salt of an ECMP hash. */
    public long salt(String name) {
        return mix(seed + 0x9E3779B97F4A7C15L * fnv1a(name));
    }

    private static long fnv1a(String name) {
        long h = 0xcbf29ce484222325L;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xFF;
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** SplitMix64's finaliser: spreads nearby inputs over the whole range. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
