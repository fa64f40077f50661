package org.sonde.probe.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The diagnosable link cover (dissertation §3.3.4, Fig. 3.8): greedy minimum set cover in which a
 * link leaves the uncovered set only once α chosen candidates cover it, so a faulty link is seen
 * by probes that differ elsewhere. A candidate is a whole probabilistic path cover — all its
 * links or none — and it is scored by the uncovered links it reaches per tuple it costs. α = 1 is
 * the plain cover; a link fewer than α candidates reach is covered as often as they allow.
 */
final class MscAlpha {
    private MscAlpha() {}

    /**
     * The chosen candidates' positions in {@code candidates}, in the order chosen. Ties go to the
     * earlier candidate.
     *
     * @param links the number of links (link indexes are below it)
     */
    public static int[] select(List<Candidate> candidates, int links, int alpha) {
        if (alpha < 1) throw new IllegalArgumentException("alpha must be at least 1, got " + alpha);
        int[] need = new int[links];
        // a link counts only if some candidate reaches it; those no candidate reaches cannot be covered
        for (Candidate c : candidates) for (int l : c.links()) need[l] = alpha;
        // lazy greedy: a candidate's score only falls as links are covered, so a stale score is an upper bound
        PriorityQueue<double[]> queue = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Double.compare(b[0], a[0]) : Double.compare(a[1], b[1]));
        for (int i = 0; i < candidates.size(); i++) queue.add(new double[] {score(candidates.get(i), need), i});
        List<Integer> chosen = new ArrayList<>();
        while (!queue.isEmpty()) {
            double[] top = queue.poll();
            Candidate c = candidates.get((int) top[1]);
            double fresh = score(c, need);
            if (fresh <= 0) continue;
            if (!queue.isEmpty() && fresh < top[0] && better(queue.peek(), fresh, (int) top[1])) {
                queue.add(new double[] {fresh, top[1]});
                continue;
            }
            chosen.add((int) top[1]);
            for (int l : c.links()) if (need[l] > 0) need[l]--;
        }
        return chosen.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean better(double[] other, double score, int index) {
        return other[0] > score || (other[0] == score && other[1] < index);
    }

    /** Uncovered links reached per tuple. */
    static double score(Candidate c, int[] need) {
        int gain = 0;
        for (int l : c.links()) if (need[l] > 0) gain++;
        return (double) gain / c.tuples();
    }
}
