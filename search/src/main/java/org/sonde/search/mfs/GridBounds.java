package org.sonde.search.mfs;

import java.util.function.IntPredicate;

/**
 * The bound search of an MFS's ordered feature, shared by every space: from the current grid index
 * towards one end, the outermost index seen to reproduce the anomaly. The farthest feasible index is
 * tried first; if it reproduces, the bound is there (the domain's end when nothing feasible lies
 * beyond it); otherwise the gap is bisected {@code bisectSteps} times, keeping the outermost index
 * that reproduced (so an MFS errs inside the true region). Indices the point cannot take without
 * another feature moving are infeasible and not run; when none is feasible the bound is the end.
 */
public final class GridBounds {
    private GridBounds() {}

    /**
     * @param current     the current value's grid index
     * @param end         the end bound towards (0 or the grid's last index)
     * @param feasible    whether the point can take an index with nothing else changing
     * @param reproduces  runs the point at an index and says whether the anomaly shows again
     */
    public static int outermost(int current, int end, int bisectSteps, IntPredicate feasible, IntPredicate reproduces) {
        int step = end > current ? 1 : -1;
        int extreme = current;
        for (int k = end; k != current; k -= step) {
            if (feasible.test(k)) {
                extreme = k;
                break;
            }
        }
        if (extreme == current) return end;
        if (reproduces.test(extreme)) return extreme == end || !anyFeasibleBeyond(extreme, end, feasible) ? end : extreme;
        int good = current, bad = extreme;
        for (int s = 0; s < bisectSteps && Math.abs(bad - good) > 1; s++) {
            int mid = (good + bad) / 2;
            if (feasible.test(mid) && reproduces.test(mid)) good = mid;
            else bad = mid;
        }
        return good;
    }

    private static boolean anyFeasibleBeyond(int extreme, int end, IntPredicate feasible) {
        int step = end > extreme ? 1 : -1;
        for (int k = extreme + step; k != end + step; k += step) if (feasible.test(k)) return true;
        return false;
    }
}
