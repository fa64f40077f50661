package org.sonde.search;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.sonde.search.engine.PerftestCommands;
import org.sonde.search.mfs.Mfs;
import org.sonde.search.space.Dimension;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.Point;
import org.sonde.search.space.SearchSpace;
import org.sonde.search.space.Traffic;

/**
 * An MFS as perftest command lines: a point inside the MFS, chosen to be as expressible by perftest
 * as the MFS allows, compiled by {@link PerftestCommands}, with what perftest still cannot express.
 *
 * <p>The point starts as the anomaly's trigger and is simplified one feature at a time towards what
 * perftest runs (one traffic, or two equal ones for {@code -b}; one request size; one SGE; receives
 * of the message size; one MR or one per QP; memory on the NIC's NUMA node; perftest's own buffer
 * size), each step kept only when
 * the point stays in the search space and inside the MFS. A feature the MFS needs (say, 2048 MRs or
 * a mix of sizes) therefore stays, and is listed with perftest's reason.
 */
public record MfsPerftest(Point point, PerftestCommands.Compiled compiled) {
    /** From the first of {@code starts} (the MFS's trigger, then the anomaly's point) that lies inside the MFS. */
    public static MfsPerftest of(Mfs mfs, List<Point> starts, PerftestCommands.Settings settings) {
        SearchSpace space = new SearchSpace();
        Point p = null;
        for (Point q : starts) if (p == null && q != null && space.violations(q).isEmpty() && mfs.matches(q)) p = q;
        if (p == null) throw new IllegalArgumentException("no start point lies inside the MFS " + mfs.describe());
        List<UnaryOperator<Point>> steps = new ArrayList<>();
        if (p.traffics().size() == 2) {
            steps.add(q -> Point.oneWay(q.traffic(0)));
            steps.add(q -> Point.oneWay(q.traffic(1)));
            steps.add(q -> new Point(Mode.BIDIRECTIONAL, List.of(q.traffic(0), q.traffic(0))));
            steps.add(q -> new Point(Mode.BIDIRECTIONAL, List.of(q.traffic(1), q.traffic(1))));
        }
        p = first(p, steps, space, mfs);
        for (int i = 0; i < p.traffics().size(); i++) p = simplify(p, i, space, mfs);
        if (p.mode() == Mode.BIDIRECTIONAL && !p.traffic(0).equals(p.traffic(1))) {
            // each side simplified on its own may have become equal, or may now be made so
            p = first(p, List.of(q -> new Point(Mode.BIDIRECTIONAL, List.of(q.traffic(0), q.traffic(0)))), space, mfs);
        }
        return new MfsPerftest(p, PerftestCommands.compile(p, settings));
    }

    private static Point simplify(Point p, int i, SearchSpace space, Mfs mfs) {
        Traffic t = p.traffic(i);
        int max = t.maxRequestBytes(), min = t.minRequestBytes();
        p = first(p, List.of(q -> space.uniformRequests(q, i, max, 1), q -> space.uniformRequests(q, i, min, 1)), space, mfs);
        for (int e = 0; e < p.traffic(i).requests().size(); e++) {
            int k = e;
            p = first(p, List.of(q -> space.set(q, i, Dimension.REQUEST_SGES, k, 1)), space, mfs);
        }
        int size = p.traffic(i).maxRequestBytes(), qps = p.traffic(i).qps();
        if (p.traffic(i).opcode() == Opcode.SEND) p = first(p, List.of(q -> space.set(q, i, Dimension.RECV_SIZE, 0, size)), space, mfs);
        for (Dimension d : List.of(Dimension.SENDER_MRS, Dimension.RECEIVER_MRS)) {
            p = first(p, List.of(q -> space.set(q, i, d, 0, 1), q -> space.set(q, i, d, 0, qps)), space, mfs);
        }
        for (Dimension d : List.of(Dimension.SENDER_MEMORY, Dimension.RECEIVER_MEMORY)) {
            p = first(p, List.of(q -> space.set(q, i, d, 0, Memory.LOCAL_NUMA.ordinal())), space, mfs);
        }
        int own = PerftestCommands.perftestMrBytes(size);
        for (Dimension d : List.of(Dimension.SENDER_MR_SIZE, Dimension.RECEIVER_MR_SIZE)) p = first(p, List.of(q -> space.set(q, i, d, 0, own)), space, mfs);
        return p;
    }

    /** The first of {@code steps} that keeps {@code p} in the space and inside the MFS, or {@code p}. */
    private static Point first(Point p, List<UnaryOperator<Point>> steps, SearchSpace space, Mfs mfs) {
        for (UnaryOperator<Point> s : steps) {
            Point q;
            try {
                q = s.apply(p);
            } catch (IllegalArgumentException e) {
                continue;   // a value off the dimension's grid: not a step here
            }
            if (!q.equals(p) && space.violations(q).isEmpty() && mfs.matches(q)) return q;
        }
        return p;
    }
}
