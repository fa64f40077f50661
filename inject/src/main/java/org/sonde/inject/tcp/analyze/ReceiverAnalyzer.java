package org.sonde.inject.tcp.analyze;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.sonde.inject.tcp.TcpPacketInfo;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.inject.tcp.analyze.TcpAnalysis.AckPolicy;
import org.sonde.inject.tcp.analyze.TcpAnalysis.ZeroWindow;
import org.sonde.packet.TcpHeader;

/**
 * The verdicts on what the receiver's side of a connection did, and how the sender answered it:
 * zero windows and the sender's persist probes, and how (and how soon) data was acknowledged.
 * Times are the injector's, as in {@link TcpAnalyzer}.
 */
final class ReceiverAnalyzer {
    /**
     * Linux's smallest delayed-ACK timeout (TCP_ATO_MIN, 40 ms), less the timer tolerance: an
     * acknowledgement that passes the injector sooner after the data was not sent by that timer.
     */
    static final long IMMEDIATE_NANOS = 40_000_000L - TcpAnalyzer.TIMER_TOLERANCE_NANOS;
    /** RFC 1122 §4.2.3.2: an acknowledgement MUST NOT be delayed by more than 0.5 seconds. */
    static final long MAX_ACK_DELAY_NANOS = 500_000_000L;

    private ReceiverAnalyzer() {}

    // ---- zero windows ----------------------------------------------------------------------------

    static List<ZeroWindow> zeroWindows(List<TcpTrace.Entry> e) {
        List<ZeroWindow> out = new ArrayList<>();
        if (e.isEmpty()) return out;
        long t0 = e.getFirst().timeNanos();
        int connections = e.stream().mapToInt(x -> x.info().connection()).max().orElse(0);
        var rtt = TcpAnalyzer.rttEstimates(e);
        for (int c = 1; c <= connections; c++) {
            for (int i = 0; i < e.size(); i++) {
                if (closesWindow(e.get(i), c)) {
                    int end = episode(e, i, c, out, t0, rtt.get(c));
                    i = end < 0 ? e.size() : end;
                }
            }
        }
        out.sort(java.util.Comparator.comparingLong(ZeroWindow::atNanos));
        return out;
    }

    /** A packet the receiver sent (and the sender got) advertising no room. */
    private static boolean closesWindow(TcpTrace.Entry x, int c) {
        TcpPacketInfo p = x.info();
        return p.connection() == c && !p.fromClient() && x.delivered() && p.has(TcpHeader.FLAG_ACK)
                && (p.flags() & (TcpHeader.FLAG_SYN | TcpHeader.FLAG_RST)) == 0 && x.window() == 0;
    }

    /** Judges the episode that starts at {@code start}; returns the index of the packet that reopened the window, or -1. */
    private static int episode(List<TcpTrace.Entry> e, int start, int c, List<ZeroWindow> out, long t0, TcpAnalyzer.RttEstimate rtt) {
        long acked = e.get(start).info().relAck();
        long lastReceiverPacket = e.get(start).timeNanos();
        // data that passes the injector within a round trip of the zero window was sent before the sender knew of it
        long unaware = e.get(start).timeNanos() + (rtt == null ? 0 : rtt.srttBefore(e.get(start).timeNanos()));
        List<Long> probes = new ArrayList<>();
        int beyond = 0, reopened = -1;
        for (int k = start + 1; k < e.size() && reopened < 0; k++) {
            TcpTrace.Entry x = e.get(k);
            TcpPacketInfo q = x.info();
            if (q.connection() != c) continue;
            if (!q.fromClient()) {
                if (!x.delivered() || !q.has(TcpHeader.FLAG_ACK)) continue;
                acked = Math.max(acked, q.relAck());
                if (x.window() > 0) reopened = k;
                else lastReceiverPacket = x.timeNanos();
                continue;
            }
            // Linux probes with an empty segment one below the window (tcp_xmit_probe_skb); others send one byte into it
            boolean emptyProbe = q.dataBytes() == 0 && q.relSeq() < acked && (q.flags() & (TcpHeader.FLAG_SYN | TcpHeader.FLAG_FIN | TcpHeader.FLAG_RST)) == 0;
            boolean byteProbe = q.dataBytes() == 1 && q.relSeq() == acked;
            if (emptyProbe || byteProbe) probes.add(x.timeNanos() - lastReceiverPacket);
            else if (q.dataBytes() > 0 && q.iteration() == 1 && q.relSeq() + q.dataBytes() > acked + 1 && x.timeNanos() > unaware) beyond++;
        }
        long at = e.get(start).timeNanos();
        long duration = reopened < 0 ? -1 : e.get(reopened).timeNanos() - at;
        long resume = reopened < 0 ? -1 : nextNewData(e, reopened, c);
        List<String> problems = new ArrayList<>();
        long floor = TcpAnalyzer.RTO_MIN_NANOS - TcpAnalyzer.TIMER_TOLERANCE_NANOS;
        if (!probes.isEmpty() && probes.getFirst() < floor) {
            problems.add("the first probe came " + TcpAnalyzer.ms(probes.getFirst()) + " after the zero window, sooner than one RTO (at least 200 ms on Linux)");
        }
        for (int k = 1; k < probes.size(); k++) {
            if (probes.get(k) < probes.get(k - 1) * 3 / 2) {
                problems.add("probe " + (k + 1) + " came " + TcpAnalyzer.ms(probes.get(k)) + " after the answer to probe " + k + ", which had waited "
                        + TcpAnalyzer.ms(probes.get(k - 1)) + ": the interval did not back off (RFC 1122 §4.2.2.17: exponentially)");
            }
        }
        if (beyond > 0) problems.add(beyond + " new data segment(s) went past the closed window (RFC 9293 §3.8.6.1)");
        long waited = (reopened < 0 ? e.getLast().timeNanos() : e.get(reopened).timeNanos()) - lastReceiverPacket;
        // the RTO the sender had, estimated from the round trips the injector saw (a slow handshake makes it long)
        long rto = rtt == null ? TcpAnalyzer.RttEstimate.INITIAL_RTO_NANOS : rtt.rtoBefore(at);
        if (probes.isEmpty() && waited > 2 * rto && resume >= 0) {
            problems.add("the window stayed closed for " + TcpAnalyzer.ms(waited) + " with data waiting, twice the RTO of about " + TcpAnalyzer.ms(rto)
                    + " (estimated from the round trips at the injector), and no probe was sent");
        }
        String reason;
        if (!problems.isEmpty()) {
            reason = String.join("; ", problems);
        } else if (probes.isEmpty()) {
            reason = "the window reopened after " + TcpAnalyzer.ms(duration < 0 ? waited : duration) + ", before a probe was due (one RTO: about "
                    + TcpAnalyzer.ms(rto) + ")";
        } else {
            StringBuilder sb = new StringBuilder(probes.size() + " probe(s), each after ");
            for (int k = 0; k < probes.size(); k++) sb.append(k == 0 ? "" : ", ").append(TcpAnalyzer.ms(probes.get(k)));
            sb.append(": the first after at least one RTO (about ").append(TcpAnalyzer.ms(rto))
                    .append(" by the round trips at the injector), each later one backed off (RFC 1122 §4.2.2.17)");
            if (resume >= 0) sb.append("; new data ").append(TcpAnalyzer.ms(resume)).append(" after the window reopened");
            reason = sb.toString();
        }
        out.add(new ZeroWindow(c, at - t0, duration, probes, beyond, resume, problems.isEmpty(), reason));
        return reopened;
    }

    private static long nextNewData(List<TcpTrace.Entry> e, int from, int c) {
        for (int k = from + 1; k < e.size(); k++) {
            TcpPacketInfo q = e.get(k).info();
            if (q.connection() == c && q.fromClient() && q.dataBytes() > 1 && q.iteration() == 1) return e.get(k).timeNanos() - e.get(from).timeNanos();
        }
        return -1;
    }

    // ---- acknowledgements ------------------------------------------------------------------------

    static List<AckPolicy> acks(List<TcpTrace.Entry> e) {
        List<AckPolicy> out = new ArrayList<>();
        int connections = e.stream().mapToInt(x -> x.info().connection()).max().orElse(0);
        for (int c = 1; c <= connections; c++) {
            AckPolicy a = acks(e, c);
            if (a != null) out.add(a);
        }
        return out;
    }

    /** One connection's acknowledgements, or null when its client sent no data. */
    private static AckPolicy acks(List<TcpTrace.Entry> e, int c) {
        int mss = 0;
        for (TcpTrace.Entry x : e) if (x.info().connection() == c && x.info().fromClient()) mss = Math.max(mss, x.info().dataBytes());
        if (mss == 0) return null;
        TreeMap<Long, Long> delivered = new TreeMap<>(); // merged [start, end) ranges that reached the receiver
        TreeMap<Long, Long> firstArrival = new TreeMap<>(); // end seq -> time, of in-order data not yet acknowledged
        List<Long> owed = new ArrayList<>(); // arrival times of out-of-order (or hole-filling) segments not yet answered
        long lastAck = 1, maxDelay = 0;
        int acks = 0, immediate = 0, delayed = 0, stretch = 0, outOfOrder = 0, late = 0;
        List<String> lateOnes = new ArrayList<>();
        for (TcpTrace.Entry x : e) {
            TcpPacketInfo p = x.info();
            if (p.connection() != c) continue;
            if (p.fromClient()) {
                if (p.dataBytes() == 0 || !x.delivered()) continue;
                long next = contiguousEnd(delivered);
                boolean duplicate = p.endSeq() <= next || covered(delivered, p.relSeq(), p.endSeq());
                boolean aboveHole = p.relSeq() > next;
                boolean fillsHole = !aboveHole && !duplicate && delivered.higherKey(p.relSeq()) != null;
                TcpAnalyzer.add(delivered, p.relSeq(), p.endSeq());
                if (duplicate) continue;
                // timed from when the injector let it go: its own hold-up is not the receiver's
                if (aboveHole || fillsHole) {
                    outOfOrder++;
                    owed.add(x.leftNanos());
                }
                // data above a hole waits for the hole, not for a delayed acknowledgement
                if (!aboveHole) firstArrival.putIfAbsent(p.endSeq(), x.leftNanos());
                continue;
            }
            // every acknowledgement the receiver sent counts, whether or not the injector let it through
            if (!p.has(TcpHeader.FLAG_ACK) || p.has(TcpHeader.FLAG_SYN)) continue;
            for (long arrived : owed) {
                if (x.timeNanos() - arrived >= IMMEDIATE_NANOS) {
                    late++;
                    if (lateOnes.size() < 3) lateOnes.add(TcpAnalyzer.ms(x.timeNanos() - arrived));
                }
            }
            owed.clear();
            if (p.relAck() <= lastAck) continue;
            var covered = firstArrival.headMap(p.relAck(), true);
            if (!covered.isEmpty()) {
                long oldest = covered.values().stream().mapToLong(Long::longValue).min().orElseThrow();
                long delay = x.timeNanos() - oldest;
                maxDelay = Math.max(maxDelay, delay);
                if (delay < IMMEDIATE_NANOS) immediate++;
                else delayed++;
                covered.clear();
            }
            acks++;
            if (p.relAck() - lastAck > 2L * mss) stretch++;
            lastAck = p.relAck();
        }
        List<String> problems = new ArrayList<>();
        if (maxDelay > MAX_ACK_DELAY_NANOS) {
            problems.add("data waited " + TcpAnalyzer.ms(maxDelay) + " for its acknowledgement, more than RFC 1122's 500 ms");
        }
        if (late > 0) {
            problems.add(late + " of " + outOfOrder + " out-of-order or hole-filling segments were not acknowledged at once (after "
                    + String.join(", ", lateOnes) + (late > lateOnes.size() ? ", ..." : "") + "; RFC 5681 §4.2)");
        }
        String reason = problems.isEmpty()
                ? String.format(Locale.ROOT, "%d acknowledgements: %d at once, %d by the delayed-ACK timer, %d stretched over more than two"
                        + " segments; the longest wait %s (Linux delays at most 200 ms, RFC 1122 500 ms)%s", acks, immediate, delayed, stretch,
                        TcpAnalyzer.ms(maxDelay), outOfOrder == 0 ? "" : "; all " + outOfOrder + " out-of-order or hole-filling segments acknowledged at once")
                : String.join("; ", problems);
        return new AckPolicy(c, acks, immediate, delayed, stretch, maxDelay, outOfOrder, late, problems.isEmpty(), reason);
    }

    /** The end of the data delivered without a gap from the first byte (relative sequence 1). */
    private static long contiguousEnd(TreeMap<Long, Long> delivered) {
        var first = delivered.floorEntry(1L);
        return first == null || first.getValue() < 1 ? 1 : first.getValue();
    }

    private static boolean covered(TreeMap<Long, Long> m, long start, long end) {
        var before = m.floorEntry(start);
        return before != null && before.getValue() >= end;
    }
}
