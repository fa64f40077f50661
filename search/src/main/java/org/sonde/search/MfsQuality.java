package org.sonde.search;

import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.sonde.search.mfs.Mfs;
import org.sonde.search.space.Move;
import org.sonde.search.space.Point;
import org.sonde.search.space.SearchSpace;

/**
 * How well an MFS describes its mechanism, against a simulator's ground truth (evaluation only):
 * on points a few mutations away from the MFS's trigger (where both the MFS and the mechanism's
 * region have points; uniform points almost never fall in either), precision is the share of
 * points inside the MFS where the mechanism bites, recall the share of points where it bites that
 * the MFS covers. NaN where a share has no points.
 */
record MfsQuality(double precision, double recall) {
    public static MfsQuality of(Mfs mfs, Predicate<Point> bites, int samples, long seed) {
        SearchSpace space = new SearchSpace();
        SplittableRandom rng = new SplittableRandom(seed);
        int in = 0, inAndBites = 0, bitten = 0, bittenAndIn = 0;
        for (int k = 0; k < samples; k++) {
            Point p = mfs.trigger();
            int steps = 1 + rng.nextInt(4);
            for (int s = 0; s < steps; s++) p = space.mutate(p, rng, rng.nextBoolean() ? Move.NEIGHBOUR : Move.JUMP).point();
            boolean i = mfs.matches(p), b = bites.test(p);
            if (i) {
                in++;
                if (b) inAndBites++;
            }
            if (b) {
                bitten++;
                if (i) bittenAndIn++;
            }
        }
        return new MfsQuality(in == 0 ? Double.NaN : (double) inAndBites / in, bitten == 0 ? Double.NaN : (double) bittenAndIn / bitten);
    }
}
