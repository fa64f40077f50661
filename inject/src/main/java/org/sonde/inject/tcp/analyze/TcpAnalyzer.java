package org.sonde.inject.tcp.analyze;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.tcp.TcpPacketInfo;
import org.sonde.inject.tcp.TcpRun;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.inject.tcp.analyze.TcpAnalysis.EcnResponse;
import org.sonde.inject.tcp.analyze.TcpAnalysis.Integrity;
import org.sonde.inject.tcp.analyze.TcpAnalysis.Recovery;
import org.sonde.inject.tcp.analyze.TcpAnalysis.RecoveryKind;
import org.sonde.inject.tcp.analyze.TcpAnalysis.SackHonesty;
import org.sonde.inject.tcp.analyze.TcpAnalysis.Spurious;
import org.sonde.packet.TcpHeader;
import org.sonde.sim.tcp.TcpConfig;

/**
 * Judges a TCP test's trace, as seen at the injector between the hosts:
 * <ul>
 *   <li><b>recovery</b> of every lost data transmission: how the sender found it (duplicate
 *       acknowledgements or SACK blocks above the hole: fast retransmit with three or more, RACK with
 *       fewer; none: a tail loss probe before the timeout, else the retransmission timer) and whether
 *       that agrees with the RFCs for the hosts' settings: RTO at least Linux's 200 ms minimum
 *       (RFC 6298 §2.4 allows the floor) and doubled after each timeout of the same segment (§5.5);
 *       a loss probe no sooner than two smoothed RTTs (RFC 8985 §7.2); fewer than three duplicate
 *       acknowledgements only with RACK on ({@code tcp_recovery}, RFC 8985) — RFC 5681 waits for three;</li>
 *   <li><b>ECN</b> for every CE mark (RFC 3168 §6.1): on a connection that negotiated ECN, the
 *       receiver echoes ECE until it sees CWR, and the sender sets CWR on its next new data after the echo;</li>
 *   <li><b>SACK</b>: no block claims bytes that never reached the receiver.</li>
 * </ul>
 * Times are the injector's, so both directions of a loss are measured at one place: a
 * retransmission's latency is from the lost transmission to the next one of the same bytes.
 */
public final class TcpAnalyzer {
    /** Linux's TCP_RTO_MIN. */
    static final long RTO_MIN_NANOS = 200_000_000L;
    /** Timers fire on jiffies: allow one tick of a 250 Hz kernel, and the injector's own jitter. */
    static final long TIMER_TOLERANCE_NANOS = 5_000_000L;
    private static final int DUPTHRESH = 3;

    private TcpAnalyzer() {}

    /** Every verdict on a run: the trace's integrity against both hosts' counters, and the TCP checks. */
    public static TcpAnalysis analyze(TcpRun run) {
        boolean rack = rack(run.test().sysctls().get("tcp_recovery"), run.kernel());
        Long probes = run.clientCounters().get("TcpExtTCPLossProbes");
        TcpAnalysis t = analyze(run.trace(), rack, probes == null ? -1 : probes);
        return t.withIntegrity(integrity(run));
    }

    /**
     * Whether the sender detected losses by time with RACK: as a kernel of {@code release} runs with its {@code tcp_recovery}
     * (null: Linux's default, {@link TcpConfig#kernelRecovery}).
     */
    public static boolean rack(String tcpRecovery, String release) {
        int sysctl = tcpRecovery == null ? TcpConfig.LINUX.recovery() : Integer.parseInt(tcpRecovery.strip());
        return (TcpConfig.kernelRecovery(sysctl, release) & TcpConfig.RACK_LOSS_DETECTION) != 0;
    }

    /**
     * The TCP verdicts on a trace alone (its integrity: only that the sequence has no gap, which
     * {@link TcpTrace#read} already checked).
     *
     * @param rack whether the sender detects losses by time with RACK ({@code tcp_recovery} bit 1, Linux's default)
     */
    public static TcpAnalysis analyze(TcpTrace trace, boolean rack) {
        return analyze(trace, rack, -1);
    }

    /**
     * As {@link #analyze(TcpTrace, boolean)}, told how many loss probes the client's kernel counted
     * ({@code TcpExtTCPLossProbes}; -1 unknown). A probe of a lone outstanding tail segment leaves at
     * 1.5 SRTT + 200 ms capped at the RTO (RFC 8985 §7.2's WCDelAckT, Linux's
     * {@code tcp_schedule_loss_probe()}): by its timing alone it is a timeout, and only the counter
     * tells them apart.
     */
    public static TcpAnalysis analyze(TcpTrace trace, boolean rack, long lossProbes) {
        List<TcpTrace.Entry> e = trace.entries();
        Integrity integrity = new Integrity(true, Map.of("packets", (long) e.size()), List.of());
        List<Spurious> spurious = spurious(e);
        List<Recovery> recoveries = recoveries(e, rack, 0);
        if (lossProbes >= 0) {
            long counted = recoveries.stream().filter(r -> r.kind() == RecoveryKind.TLP).count()
                    + spurious.stream().filter(r -> r.kind() == RecoveryKind.TLP).count();
            if (lossProbes > counted) recoveries = recoveries(e, rack, (int) (lossProbes - counted));
        }
        return new TcpAnalysis(integrity, recoveries, spurious, ecn(e), sack(e), ReceiverAnalyzer.zeroWindows(e), ReceiverAnalyzer.acks(e));
    }

    // ---- integrity -------------------------------------------------------------------------------

    static Integrity integrity(TcpRun run) {
        long[] client = new long[4], server = new long[4]; // packets, dropped, corrupted, extra copies
        for (TcpTrace.Entry x : run.trace().entries()) {
            long[] side = x.info().connection() == 0 || x.info().fromClient() ? client : server;
            if (x.info().connection() == 0) continue;
            side[0]++;
            if (x.event() == InjectedEvent.DROP) side[1]++;
            if (x.event() == InjectedEvent.CORRUPT) side[2]++;
            side[3] += x.copies();
        }
        Map<String, Long> figures = new LinkedHashMap<>();
        figures.put("clientPackets", client[0]);
        figures.put("serverPackets", server[0]);
        figures.put("clientDropped", client[1]);
        figures.put("serverDropped", server[1]);
        figures.put("clientCorrupted", client[2]);
        figures.put("serverCorrupted", server[2]);
        figures.put("clientCopies", client[3]);
        figures.put("serverCopies", server[3]);
        figures.put("queueDropped", run.queueDropped());
        List<String> problems = new ArrayList<>();
        if (run.queueDropped() > 0) problems.add(run.queueDropped() + " packets were dropped at the queue, unseen by the injector");
        // tcpOutSegs leaves out segments holding only retransmitted bytes (RFC 1213); RetransSegs counts those
        expect(problems, figures, "client TcpOutSegs+TcpRetransSegs", sum(run.clientCounters(), "TcpOutSegs", "TcpRetransSegs"), client[0],
                "the client's packets in the trace");
        expect(problems, figures, "server TcpOutSegs+TcpRetransSegs", sum(run.serverCounters(), "TcpOutSegs", "TcpRetransSegs"), server[0],
                "the server's packets in the trace");
        expect(problems, figures, "server TcpInSegs", run.serverCounters().get("TcpInSegs"), client[0] - client[1] + client[3],
                "the client's packets that passed, with copies");
        expect(problems, figures, "client TcpInSegs", run.clientCounters().get("TcpInSegs"), server[0] - server[1] + server[3],
                "the server's packets that passed, with copies");
        expect(problems, figures, "server TcpInCsumErrors", run.serverCounters().get("TcpInCsumErrors"), client[2], "the client's corrupted packets");
        expect(problems, figures, "client TcpInCsumErrors", run.clientCounters().get("TcpInCsumErrors"), server[2], "the server's corrupted packets");
        return new Integrity(problems.isEmpty(), figures, problems);
    }

    private static Long sum(Map<String, Long> counters, String a, String b) {
        Long x = counters.get(a), y = counters.get(b);
        return x == null || y == null ? null : x + y;
    }

    private static void expect(List<String> problems, Map<String, Long> figures, String counter, Long actual, long expected, String what) {
        if (actual == null) {
            problems.add(counter + " is missing from the host's counters");
            return;
        }
        figures.put(counter.replace(" ", "").replace("+", "Plus"), actual);
        if (actual != expected) problems.add(counter + " is " + actual + ", but " + what + " are " + expected);
    }

    // ---- recovery --------------------------------------------------------------------------------

    /**
     * @param lateProbes how many tail retransmissions that look like timeouts were loss probes by the
     *                   kernel's count: the first that many, in time order, are judged as probes
     */
    static List<Recovery> recoveries(List<TcpTrace.Entry> e, boolean rack, int lateProbes) {
        List<Recovery> out = new ArrayList<>();
        int probesLeft = lateProbes;
        Map<Long, Recovery> byTransmission = new HashMap<>();
        Map<Integer, RttEstimate> rtt = rttEstimates(e);
        for (int i = 0; i < e.size(); i++) {
            TcpTrace.Entry lost = e.get(i);
            TcpPacketInfo p = lost.info();
            if (p.connection() == 0 || !p.fromClient() || p.dataBytes() == 0 || lost.delivered()) continue;
            int seg = p.segment();
            int next = nextTransmission(e, i, p.connection(), seg);
            // an acknowledgement shows this transmission lost only if it reports data sent after it
            // (RACK's rule, RFC 8985 §6.2): what was acknowledged of earlier sends proves nothing
            int dupAcks = 0;
            boolean newData = false;
            long hole = p.relSeq();
            long lastAck = -1;
            List<Long> showedAt = new ArrayList<>(); // times of the acknowledgements that showed the hole
            TreeMap<Long, Long> laterDelivered = new TreeMap<>();
            int end = next < 0 ? e.size() : next;
            for (int k = i + 1; k < end; k++) {
                TcpTrace.Entry x = e.get(k);
                TcpPacketInfo q = x.info();
                if (q.connection() != p.connection()) continue;
                if (q.fromClient()) {
                    if (q.dataBytes() > 0 && q.iteration() == 1) newData = true;
                    if (q.dataBytes() > 0 && x.delivered()) add(laterDelivered, q.relSeq(), q.endSeq());
                    continue;
                }
                if (!q.has(TcpHeader.FLAG_ACK) || q.relAck() > hole) continue;
                boolean shows = false;
                for (int b = 0; b + 1 < q.sack().length; b += 2) shows |= overlaps(laterDelivered, q.sack()[b], q.sack()[b + 1]);
                if (q.sack().length == 0) shows = q.dataBytes() == 0 && q.relAck() == lastAck && !laterDelivered.isEmpty();
                if (shows) {
                    dupAcks++;
                    showedAt.add(x.timeNanos());
                }
                lastAck = q.relAck();
            }
            Recovery previous = byTransmission.get(key(p.connection(), seg, p.iteration() - 1));
            Recovery r;
            if (next < 0) {
                r = new Recovery(p.connection(), seg, p.iteration(), RecoveryKind.NONE, -1, dupAcks, false,
                        "segment " + seg + " was not sent again after transmission " + p.iteration() + " was lost");
            } else {
                long latency = e.get(next).timeNanos() - lost.timeNanos();
                boolean tail = !newData && isHighestSent(e, next);
                long srtt = rtt.get(p.connection()).srttBefore(lost.timeNanos());
                r = judge(p.connection(), seg, p.iteration(), latency, dupAcks, tail, rack, previous, srtt);
                if (r.kind() == RecoveryKind.RTO && tail && dupAcks == 0 && previous == null && probesLeft > 0) {
                    probesLeft--;
                    r = new Recovery(p.connection(), seg, p.iteration(), RecoveryKind.TLP, latency, 0, latency >= 2 * srtt - TIMER_TOLERANCE_NANOS,
                            "the tail probed " + ms(latency) + " after the loss: with it alone outstanding Linux waits 1.5 x SRTT + 200 ms"
                                    + " capped at the RTO (RFC 8985 §7.2's WCDelAckT), and the client's TCPLossProbes counts a probe");
                }
            }
            if (next >= 0) r = r.with(split(e, lost, next, r.kind(), showedAt));
            byTransmission.put(key(p.connection(), seg, p.iteration()), r);
            out.add(r);
        }
        return out;
    }

    /** Where a recovery's time went: finding the loss, reacting to it, and the retransmission's trip to its acknowledgement. */
    static TcpAnalysis.LatencySplit split(List<TcpTrace.Entry> e, TcpTrace.Entry lost, int retransmission, RecoveryKind kind, List<Long> showedAt) {
        TcpTrace.Entry again = e.get(retransmission);
        long evidence = switch (kind) {
            case FAST_RETRANSMIT -> showedAt.get(DUPTHRESH - 1);
            case RACK -> showedAt.getFirst();
            default -> -1; // a timer: the whole wait is detection
        };
        long detection = evidence < 0 ? again.timeNanos() - lost.timeNanos() : evidence - lost.timeNanos();
        long reaction = evidence < 0 ? 0 : again.timeNanos() - evidence;
        long repair = -1;
        if (again.delivered()) {
            long end = lost.info().endSeq();
            for (int k = retransmission + 1; k < e.size() && repair < 0; k++) {
                TcpTrace.Entry x = e.get(k);
                TcpPacketInfo q = x.info();
                if (q.connection() == lost.info().connection() && !q.fromClient() && x.delivered() && q.has(TcpHeader.FLAG_ACK) && q.relAck() >= end) {
                    repair = x.timeNanos() - again.timeNanos();
                }
            }
        }
        return new TcpAnalysis.LatencySplit(detection, reaction, repair);
    }

    static Recovery judge(int conn, int seg, int iteration, long latency, int dupAcks, boolean tail, boolean rack, Recovery previous, long srtt) {
        String ms = ms(latency);
        if (dupAcks >= DUPTHRESH) {
            return new Recovery(conn, seg, iteration, RecoveryKind.FAST_RETRANSMIT, latency, dupAcks, true,
                    "retransmitted " + ms + " after the loss, on " + dupAcks + " acknowledgements showing the hole (RFC 5681/6675: 3)");
        }
        if (dupAcks > 0) {
            return new Recovery(conn, seg, iteration, RecoveryKind.RACK, latency, dupAcks, rack, rack
                    ? "retransmitted " + ms + " after the loss on " + dupAcks + " acknowledgement(s) showing the hole: RACK's time-based detection (RFC 8985)"
                    : "retransmitted after only " + dupAcks + " acknowledgement(s) showing the hole, with RACK off (tcp_recovery=0): RFC 5681 waits for 3");
        }
        if (tail && latency < RTO_MIN_NANOS - TIMER_TOLERANCE_NANOS) {
            long bound = 2 * srtt;
            boolean ok = latency >= bound - TIMER_TOLERANCE_NANOS;
            return new Recovery(conn, seg, iteration, RecoveryKind.TLP, latency, 0, ok, ok
                    ? "the tail segment probed " + ms + " after the loss, no sooner than 2 x SRTT (" + ms(bound) + ", RFC 8985 §7.2)"
                    : "probed " + ms + " after the loss, sooner than 2 x SRTT (" + ms(bound) + "): RFC 8985 §7.2 waits 2 x SRTT");
        }
        // interval k = RTO_k + how late its timer fired, so a first timeout that fired L late makes the
        // measured ratio 2 - 2L/interval: on a busy host timers fire tens of ms late. What is judged is
        // that the timer backed off (RFC 6298 §5.5 doubles it): at least 1.5 times; the ratio is reported
        boolean backoff = previous != null && previous.kind() == RecoveryKind.RTO && previous.latencyNanos() > 0;
        long floor = backoff ? previous.latencyNanos() * 3 / 2 : RTO_MIN_NANOS - TIMER_TOLERANCE_NANOS;
        boolean ok = latency >= floor;
        String reason;
        if (backoff) {
            reason = String.format(java.util.Locale.ROOT, "timed out after %s, %.2f times the previous timeout of this segment (%s): %s", ms,
                    (double) latency / previous.latencyNanos(), ms(previous.latencyNanos()), ok
                            ? "it backed off (RFC 6298 §5.5 doubles it; a timer firing late hides part of that, so 1.5 times is required)"
                            : "it did not back off (RFC 6298 §5.5 doubles it; at least 1.5 times is required)");
        } else {
            reason = "timed out after " + ms + (ok ? ", at least" : ", sooner than") + " Linux's minimum RTO of 200 ms";
        }
        return new Recovery(conn, seg, iteration, RecoveryKind.RTO, latency, 0, ok, reason);
    }

    // ---- stalls ----------------------------------------------------------------------------------

    /** The longest gap between consecutive data transmissions of {@code connection}'s client, and what ended it. */
    public static TcpAnalysis.Stall longestStall(TcpTrace trace, TcpAnalysis a, int connection) {
        long longest = -1, previous = -1;
        String endedBy = "-";
        for (TcpTrace.Entry x : trace.entries()) {
            TcpPacketInfo p = x.info();
            if (p.connection() != connection || !p.fromClient() || p.dataBytes() == 0) continue;
            if (previous >= 0 && x.timeNanos() - previous > longest) {
                longest = x.timeNanos() - previous;
                endedBy = p.iteration() == 1 ? "new data" : kindOf(a, connection, p.segment(), p.iteration()).word();
            }
            previous = x.timeNanos();
        }
        return new TcpAnalysis.Stall(longest, endedBy);
    }

    /** How transmission {@code iteration} of segment {@code seg} was classified: the recovery of its lost predecessor, or spurious. */
    private static RecoveryKind kindOf(TcpAnalysis a, int connection, int seg, int iteration) {
        for (Recovery r : a.recoveries()) {
            if (r.connection() == connection && r.segment() == seg && r.iteration() == iteration - 1) return r.kind();
        }
        for (Spurious r : a.spurious()) {
            if (r.connection() == connection && r.segment() == seg && r.iteration() == iteration) return r.kind();
        }
        return RecoveryKind.NONE;
    }

    // ---- spurious retransmissions ----------------------------------------------------------------

    static List<Spurious> spurious(List<TcpTrace.Entry> e) {
        List<Spurious> out = new ArrayList<>();
        for (int i = 0; i < e.size(); i++) {
            TcpTrace.Entry again = e.get(i);
            TcpPacketInfo p = again.info();
            if (p.connection() == 0 || !p.fromClient() || p.dataBytes() == 0 || p.iteration() < 2) continue;
            int previous = previousTransmission(e, i, p.connection(), p.segment());
            if (previous < 0 || !e.get(previous).delivered()) continue;
            int acks = 0, acksDropped = 0;
            boolean newData = false;
            for (int k = previous + 1; k < i; k++) {
                TcpPacketInfo q = e.get(k).info();
                if (q.connection() != p.connection()) continue;
                if (q.fromClient()) {
                    newData |= q.dataBytes() > 0 && q.iteration() == 1;
                } else if (q.has(TcpHeader.FLAG_ACK) && q.relAck() <= p.relSeq()) {
                    if (e.get(k).delivered()) acks++;
                } else if (q.has(TcpHeader.FLAG_ACK) && !e.get(k).delivered()) {
                    acksDropped++;
                }
            }
            long after = again.timeNanos() - e.get(previous).timeNanos();
            RecoveryKind kind = acks >= DUPTHRESH ? RecoveryKind.FAST_RETRANSMIT
                    : acks > 0 ? RecoveryKind.RACK
                    : !newData && isHighestSent(e, i) && after < RTO_MIN_NANOS - TIMER_TOLERANCE_NANOS ? RecoveryKind.TLP
                    : RecoveryKind.RTO;
            InjectedEvent before = e.get(previous).event();
            String cause = acksDropped == 1 ? "the acknowledgement covering it was dropped"
                    : acksDropped > 1 ? acksDropped + " acknowledgements covering it were dropped"
                    : before == InjectedEvent.DELAY || before == InjectedEvent.REORDER
                            ? "its previous transmission was " + (before == InjectedEvent.DELAY ? "delayed" : "reordered")
                            : "nothing the injector did: the receiver had it " + ms(after) + " before";
            out.add(new Spurious(p.connection(), p.segment(), p.iteration(), kind, after, cause));
        }
        return out;
    }

    /** The last entry before {@code at} that sent segment {@code seg} of the connection, or -1. */
    private static int previousTransmission(List<TcpTrace.Entry> e, int at, int conn, int seg) {
        for (int k = at - 1; k >= 0; k--) {
            TcpPacketInfo q = e.get(k).info();
            if (q.connection() != conn || !q.fromClient() || q.dataBytes() == 0) continue;
            for (int s : q.carried()) if (s == seg) return k;
        }
        return -1;
    }

    private static long key(int conn, int seg, int iteration) {
        return (long) conn << 40 | (long) seg << 8 | iteration;
    }

    /** The entry after {@code from} that sends segment {@code seg} of the connection again, or -1. */
    private static int nextTransmission(List<TcpTrace.Entry> e, int from, int conn, int seg) {
        for (int k = from + 1; k < e.size(); k++) {
            TcpPacketInfo q = e.get(k).info();
            if (q.connection() != conn || !q.fromClient() || q.dataBytes() == 0) continue;
            for (int s : q.carried()) if (s == seg) return k;
        }
        return -1;
    }

    /** Whether the packet at {@code at} ends at the highest byte the client had sent by then: a tail segment. */
    private static boolean isHighestSent(List<TcpTrace.Entry> e, int at) {
        TcpPacketInfo p = e.get(at).info();
        long highest = 0;
        for (int k = 0; k < at; k++) {
            TcpPacketInfo q = e.get(k).info();
            if (q.connection() == p.connection() && q.fromClient()) highest = Math.max(highest, q.relSeq() + q.dataBytes());
        }
        return p.relSeq() + p.dataBytes() >= highest;
    }

    /**
     * RTT samples of each connection at the injector: the SYN to the SYN-ACK (the client's first
     * sample, before any data is acknowledged), then a first transmission to the first acknowledgement covering it.
     */
    static Map<Integer, RttEstimate> rttEstimates(List<TcpTrace.Entry> e) {
        Map<Integer, RttEstimate> out = new HashMap<>();
        Map<Integer, TreeMap<Long, Long>> sent = new HashMap<>(); // end seq -> send time, first transmissions only
        for (TcpTrace.Entry x : e) {
            TcpPacketInfo p = x.info();
            if (p.connection() == 0) continue;
            RttEstimate est = out.computeIfAbsent(p.connection(), c -> new RttEstimate());
            TreeMap<Long, Long> pending = sent.computeIfAbsent(p.connection(), c -> new TreeMap<>());
            if (p.fromClient()) {
                if (p.has(TcpHeader.FLAG_SYN) && !p.has(TcpHeader.FLAG_ACK)) pending.put(1L, x.timeNanos());
                if (p.dataBytes() > 0 && p.iteration() == 1) pending.put(p.relSeq() + p.dataBytes(), x.timeNanos());
            } else if (p.has(TcpHeader.FLAG_ACK)) {
                var covered = pending.headMap(p.relAck(), true);
                if (!covered.isEmpty()) {
                    est.sample(x.timeNanos(), x.timeNanos() - covered.lastEntry().getValue());
                    covered.clear();
                }
            }
        }
        return out;
    }

    /** RFC 6298's smoothed RTT and variation over the samples, as they stood at any time. */
    static final class RttEstimate {
        /** RFC 6298 §2.1: the RTO before any sample. */
        static final long INITIAL_RTO_NANOS = 1_000_000_000L;
        private final List<long[]> history = new ArrayList<>(); // {time, srtt, rttvar}
        private long srtt = -1, rttvar;

        void sample(long time, long rtt) {
            if (srtt < 0) {
                srtt = rtt;
                rttvar = rtt / 2;
            } else {
                rttvar = (3 * rttvar + Math.abs(srtt - rtt)) / 4;
                srtt = (7 * srtt + rtt) / 8;
            }
            history.add(new long[] {time, srtt, rttvar});
        }

        long srttBefore(long time) {
            long[] h = before(time);
            return h == null ? 0 : h[1];
        }

        /**
         * The RTO as Linux sets it ({@code __tcp_set_rto}): SRTT plus four times the variation, the
         * variation's part at least TCP_RTO_MIN; before a sample, RFC 6298's initial 1 s.
         */
        long rtoBefore(long time) {
            long[] h = before(time);
            return h == null ? INITIAL_RTO_NANOS : h[1] + Math.max(4 * h[2], RTO_MIN_NANOS);
        }

        private long[] before(long time) {
            long[] s = null;
            for (long[] h : history) {
                if (h[0] > time) break;
                s = h;
            }
            return s;
        }
    }

    // ---- ECN -------------------------------------------------------------------------------------

    static List<EcnResponse> ecn(List<TcpTrace.Entry> e) {
        List<EcnResponse> out = new ArrayList<>();
        for (int i = 0; i < e.size(); i++) {
            TcpTrace.Entry marked = e.get(i);
            TcpPacketInfo p = marked.info();
            if (marked.event() != InjectedEvent.ECN || p.connection() == 0 || !p.fromClient() || p.dataBytes() == 0) continue;
            boolean negotiated = negotiated(e, p.connection());
            int echo = -1, cwr = -1, stillEcho = -1;
            for (int k = i + 1; k < e.size(); k++) {
                TcpPacketInfo q = e.get(k).info();
                if (q.connection() != p.connection()) continue;
                if (!q.fromClient() && echo < 0 && q.has(TcpHeader.FLAG_ECE)) echo = k;
                else if (q.fromClient() && echo >= 0 && cwr < 0 && q.dataBytes() > 0 && q.has(TcpHeader.FLAG_CWR)) cwr = k;
                else if (!q.fromClient() && cwr >= 0 && q.has(TcpHeader.FLAG_ECE)
                        && q.relAck() >= e.get(cwr).info().endSeq() && stillEcho < 0 && !markedBetween(e, cwr, k, p.connection())) stillEcho = k;
            }
            long echoNanos = echo < 0 ? -1 : e.get(echo).timeNanos() - marked.timeNanos();
            long cwrNanos = cwr < 0 ? -1 : e.get(cwr).timeNanos() - e.get(echo).timeNanos();
            boolean pass;
            String reason;
            if (!negotiated) {
                pass = echo < 0;
                reason = pass ? "ECN was not negotiated on this connection (the client's tcp_ecn asks for it with 1): the mark is ignored"
                        : "ECN was not negotiated, yet the receiver echoed ECE";
            } else if (echo < 0) {
                pass = false;
                reason = "the receiver never echoed the CE mark with ECE (RFC 3168 §6.1.3)";
            } else if (cwr < 0) {
                pass = !sentNewDataAfter(e, echo, p.connection());
                reason = pass ? "echoed after " + ms(echoNanos) + "; the sender sent no new data after the echo to carry CWR"
                        : "echoed after " + ms(echoNanos) + ", but the sender's new data after it never carried CWR (RFC 3168 §6.1.2)";
            } else if (stillEcho >= 0) {
                pass = false;
                reason = "the receiver kept echoing ECE after acknowledging the CWR segment (RFC 3168 §6.1.3)";
            } else {
                pass = true;
                reason = "ECE echoed " + ms(echoNanos) + " after the mark, CWR " + ms(cwrNanos) + " after the echo, and the echo stopped";
            }
            out.add(new EcnResponse(p.connection(), p.segment(), negotiated, echoNanos, cwrNanos, pass, reason));
        }
        return out;
    }

    private static boolean markedBetween(List<TcpTrace.Entry> e, int from, int to, int conn) {
        for (int k = from; k < to; k++) if (e.get(k).info().connection() == conn && e.get(k).event() == InjectedEvent.ECN) return true;
        return false;
    }

    private static boolean sentNewDataAfter(List<TcpTrace.Entry> e, int from, int conn) {
        for (int k = from + 1; k < e.size(); k++) {
            TcpPacketInfo q = e.get(k).info();
            if (q.connection() == conn && q.fromClient() && q.dataBytes() > 0 && q.iteration() == 1) return true;
        }
        return false;
    }

    /** RFC 3168 §6.1.1: an ECN-setup SYN (ECE and CWR) answered by an ECN-setup SYN-ACK (ECE, not CWR). */
    private static boolean negotiated(List<TcpTrace.Entry> e, int conn) {
        boolean syn = false, synAck = false;
        for (TcpTrace.Entry x : e) {
            TcpPacketInfo q = x.info();
            if (q.connection() != conn || !q.has(TcpHeader.FLAG_SYN)) continue;
            if (q.fromClient() && !q.has(TcpHeader.FLAG_ACK)) syn = q.has(TcpHeader.FLAG_ECE) && q.has(TcpHeader.FLAG_CWR);
            if (!q.fromClient() && q.has(TcpHeader.FLAG_ACK)) synAck = q.has(TcpHeader.FLAG_ECE) && !q.has(TcpHeader.FLAG_CWR);
        }
        return syn && synAck;
    }

    // ---- SACK ------------------------------------------------------------------------------------

    static SackHonesty sack(List<TcpTrace.Entry> e) {
        Map<Integer, TreeMap<Long, Long>> delivered = new HashMap<>(); // start -> end, merged
        long blocks = 0;
        List<String> problems = new ArrayList<>();
        for (TcpTrace.Entry x : e) {
            TcpPacketInfo p = x.info();
            if (p.connection() == 0) continue;
            TreeMap<Long, Long> got = delivered.computeIfAbsent(p.connection(), c -> new TreeMap<>());
            if (p.fromClient()) {
                // a SACK block may cover the FIN, which takes a sequence number as data does
                if ((p.dataBytes() > 0 || p.has(TcpHeader.FLAG_FIN)) && x.delivered()) add(got, p.relSeq(), p.endSeq());
                continue;
            }
            for (int b = 0; b + 1 < p.sack().length; b += 2) {
                blocks++;
                long l = p.sack()[b], r = p.sack()[b + 1];
                if (!covers(got, l, r) && problems.size() < 20) {
                    problems.add("connection " + p.connection() + ": packet " + x.sequence() + " SACKs bytes " + l + "-" + r
                            + " that had not reached the receiver");
                }
            }
        }
        return new SackHonesty(problems.isEmpty(), blocks, problems);
    }

    static void add(TreeMap<Long, Long> m, long start, long end) {
        var before = m.floorEntry(start);
        if (before != null && before.getValue() >= start) {
            start = before.getKey();
            end = Math.max(end, before.getValue());
        }
        var next = m.ceilingEntry(start);
        while (next != null && next.getKey() <= end) {
            end = Math.max(end, next.getValue());
            m.remove(next.getKey());
            next = m.ceilingEntry(start);
        }
        m.put(start, end);
    }

    private static boolean overlaps(TreeMap<Long, Long> m, long start, long end) {
        var before = m.lowerEntry(end);
        return before != null && before.getValue() > start;
    }

    private static boolean covers(TreeMap<Long, Long> m, long start, long end) {
        var before = m.floorEntry(start);
        return before != null && before.getValue() >= end;
    }

    /** A time from a trace in milliseconds to the microsecond, as every TCP text (analysis, report, diff) writes one. */
    public static String ms(long nanos) {
        return String.format(java.util.Locale.ROOT, "%.3f ms", nanos / 1e6);
    }
}
