package org.sonde.probe.plan;

import org.sonde.probe.cover.DagCoverage;
import org.sonde.probe.topology.PathSet;

/** How many 5-tuples a chosen agent pair gets: its probabilistic path cover. */
public sealed interface CoverPolicy {
    /** The number of tuples for a pair with these paths, at least 1. */
    int tuples(PathSet paths);

    /** §3.6's "inflation factor": ⌈factor × the pair's number of paths⌉ tuples. */
    record Inflation(double factor) implements CoverPolicy {
        public Inflation {
            if (!(factor > 0) || factor > 1000) throw new IllegalArgumentException("the inflation factor must be above 0 and at most 1000, got " + factor);
        }

        @Override
        public int tuples(PathSet paths) {
            return tuples(paths.pathCount());
        }

        /** The tuples for a pair with this many paths. */
        public int tuples(long pathCount) {
            double n = Math.min(pathCount, 1_000_000);
            return (int) Math.max(1, Math.ceil(factor * n - 1e-9));
        }
    }

    /** The fewest tuples that traverse every link of the pair's paths with this probability (§3.3.3). */
    record Confidence(double confidence) implements CoverPolicy {
        public Confidence {
            if (!(confidence > 0 && confidence < 1)) throw new IllegalArgumentException("the confidence must be above 0 and below 1, got " + confidence);
        }

        @Override
        public int tuples(PathSet paths) {
            return paths.pathCount() == 1 ? 1 : DagCoverage.tuplesFor(paths, confidence);
        }
    }

    /** The same number of tuples for every pair. */
    record Fixed(int count) implements CoverPolicy {
        public Fixed {
            if (count < 1 || count > 10_000) throw new IllegalArgumentException("tuples per pair must be from 1 to 10,000, got " + count);
        }

        @Override
        public int tuples(PathSet paths) {
            return count;
        }
    }
}
