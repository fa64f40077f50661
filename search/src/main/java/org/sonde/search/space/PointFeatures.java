package org.sonde.search.space;

/**
 * A point as a vector in [0, 1] for the Gaussian-process baseline: categorical dimensions one-hot,
 * discretised ones as their grid index over the grid's length (so a power-of-two grid is on a log
 * scale), the request vector by its smallest, mean and largest size and largest SGE count. A
 * one-way point repeats its traffic in the second slot, flagged by the mode.
 */
final class PointFeatures {
    static final int PER_TRAFFIC = 3 + 3 + 1 + 5 + 1 + 4 + 1 + 3 + 2 + 3 + 2;
    static final int SIZE = 3 + 2 * PER_TRAFFIC;

    private PointFeatures() {}

    static double[] of(Point p) {
        double[] x = new double[SIZE];
        x[p.mode().ordinal()] = 1;
        int at = 3;
        for (int i = 0; i < 2; i++) {
            Traffic t = p.traffic(Math.min(i, p.traffics().size() - 1));
            x[at + t.qpType().ordinal()] = 1;
            x[at + 3 + t.opcode().ordinal()] = 1;
            at += 6;
            x[at++] = idx(SearchSpace.MTU, t.mtu());
            x[at++] = idx(SearchSpace.QPS, t.qps());
            x[at++] = idx(SearchSpace.BATCH, t.batch());
            x[at++] = idx(SearchSpace.DEPTH, t.sendDepth());
            x[at++] = idx(SearchSpace.BATCH, t.recvBatch());
            x[at++] = idx(SearchSpace.DEPTH, t.recvDepth());
            x[at++] = idx(SearchSpace.REQUEST_COUNT, t.requests().size());
            x[at++] = idx(SearchSpace.SIZE, t.minRequestBytes());
            x[at++] = idx(SearchSpace.SIZE, SearchSpace.SIZE.floor((long) t.meanRequestBytes()));
            x[at++] = idx(SearchSpace.SIZE, t.maxRequestBytes());
            x[at++] = idx(SearchSpace.SGES, t.maxSges());
            x[at++] = idx(SearchSpace.SIZE, t.recvSizeBytes());
            x[at + t.sender().memory().ordinal()] = 1;
            at += 3;
            x[at++] = idx(SearchSpace.MRS, t.sender().mrs());
            x[at++] = idx(SearchSpace.MR_SIZE, t.sender().mrSizeBytes());
            x[at + t.receiver().memory().ordinal()] = 1;
            at += 3;
            x[at++] = idx(SearchSpace.MRS, t.receiver().mrs());
            x[at++] = idx(SearchSpace.MR_SIZE, t.receiver().mrSizeBytes());
        }
        return x;
    }

    private static double idx(Grid g, int v) {
        return g.size() == 1 ? 0 : (double) g.indexOf(v) / (g.size() - 1);
    }
}
