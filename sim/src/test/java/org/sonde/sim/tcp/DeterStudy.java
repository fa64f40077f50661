package org.sonde.sim.tcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs the DETER §2.1 scenario over seeds 1..N (default 100) and prints each short flow's completion
 * time, whether the delayed-ACK/RTO interplay inflated it, and the distribution.
 * {@code java -cp ... org.sonde.sim.tcp.DeterStudy [N [first seed]]}; Linux's RACK-TLP unless
 * {@code -Ddeter.recovery=0 -Ddeter.earlyretrans=0} (the duplicate-threshold recovery).
 */
public final class DeterStudy {
    private DeterStudy() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        List<DeterScenario.Result> results = new ArrayList<>();
        long wall = System.nanoTime();
        long events = 0;
        long first = args.length > 1 ? Long.parseLong(args[1]) : 1;
        for (long seed = first; seed < first + n; seed++) {
            DeterScenario.Result r = DeterScenario.run(seed);
            results.add(r);
            events += r.executedEvents();
            System.out.printf(Locale.ROOT, "seed %3d  fct %8.3f ms  timeouts %d  delayed-acks-of-retransmissions %d  interplay %s%n",
                    seed, r.fctNanos() / 1e6, r.senderTimeouts(), r.delayedAcksOfRetransmissions(), r.interplay());
        }
        double secs = (System.nanoTime() - wall) / 1e9;
        System.out.print(summary(results));
        System.out.printf(Locale.ROOT, "%d events in %.1f s: %.2f M events/s%n", events, secs, events / secs / 1e6);
    }

    static String summary(List<DeterScenario.Result> results) {
        long[] fct = results.stream().mapToLong(DeterScenario.Result::fctNanos).sorted().toArray();
        long inflated = results.stream().filter(DeterScenario.Result::interplay).count();
        long timedOut = results.stream().filter(r -> r.senderTimeouts() > 0).count();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "runs %d: interplay (delayed ACK of a retransmission + second RTO) in %d, any RTO in %d%n",
                results.size(), inflated, timedOut));
        sb.append(String.format(Locale.ROOT, "short-flow FCT ms: min %.3f  p10 %.3f  p50 %.3f  p90 %.3f  p99 %.3f  max %.3f%n",
                fct[0] / 1e6, pct(fct, 10), pct(fct, 50), pct(fct, 90), pct(fct, 99), fct[fct.length - 1] / 1e6));
        long[] rto = results.stream().mapToLong(DeterScenario.Result::rtoNanos).sorted().toArray();
        sb.append(String.format(Locale.ROOT, "short-flow RTO ms (srtt + rttvar at the end): min %.2f  median %.2f  max %.2f%n",
                rto[0] / 1e6, pct(rto, 50), rto[rto.length - 1] / 1e6));
        int[] buckets = new int[6];
        String[] labels = {"< 1 ms", "1-10 ms", "10-20 ms", "20-40 ms", "40-60 ms", ">= 60 ms"};
        for (long f : fct) {
            double ms = f / 1e6;
            buckets[ms < 1 ? 0 : ms < 10 ? 1 : ms < 20 ? 2 : ms < 40 ? 3 : ms < 60 ? 4 : 5]++;
        }
        for (int i = 0; i < buckets.length; i++) sb.append(String.format(Locale.ROOT, "  %-9s %3d%n", labels[i], buckets[i]));
        return sb.toString();
    }

    private static double pct(long[] sorted, int p) {
        int i = (int) Math.min(sorted.length - 1, Math.ceil(p / 100.0 * sorted.length) - 1);
        return sorted[Math.max(0, i)] / 1e6;
    }
}
