package org.sonde.inject.analyze;

import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2ObjectLinkedOpenHashMap;
import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sonde.core.config.Units;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.stats.RunStatistics;

/**
 * CNP generation against the notification points' triggers (Lumina's CNPCheck, anchor §2.6), and
 * beyond it per-CNP timing, a CNP→QP check and inference of the rate limiter. Triggers are delivered
 * CE-marked data packets on a QP under test (the injector's ECN event or a CE mark from upstream)
 * and, optionally, NAKs; actual CNPs are those from a data receiver to a data sender. The stream
 * keeps only these events (timestamp, QP, the two IPs, 24 bytes each), so the limiter can be replayed
 * at the end for every scope and candidate interval.
 *
 * <p>The limiter runs on the notification point's clock, the trace's timestamps are the switch's: the
 * NP receives a marked packet one link delay after the switch saw it, and the switch sees a NAK or CNP
 * one link delay after the NP sent it. The replay moves every event to the NP's clock by half the
 * smallest switch-side round trip to that NP (a QP's last data packet to it, the acknowledgement naming it),
 * the pre-measured RTT the paper suggests (§4.2); without acknowledgements (READ) no shift is made.
 */
final class CnpAnalyzer extends RoutedAnalyzer<CnpResult> {
    private static final int ECN = 0, NAK = 1, CNP = 2;

    private final CnpOptions options;
    private final LongOpenHashSet legalPairs = new LongOpenHashSet();
    private final LongArrayList at = new LongArrayList();
    private final IntArrayList qps = new IntArrayList();
    private final IntArrayList reactionIps = new IntArrayList();
    private final IntArrayList notificationIps = new IntArrayList();
    private final IntArrayList kinds = new IntArrayList();
    /** Per QP: whether a trigger came since the QP's last CNP (the CNP→QP check). */
    private final boolean[] triggered;
    private final Reasons reasons = new Reasons();
    /** Per QP: the PSN and time of the last data packet to its receiver; per notification point IP: the smallest round trip. */
    private final int[] lastDataPsn;
    private final long[] lastDataAt;
    private final Int2LongOpenHashMap smallestRoundTrip = new Int2LongOpenHashMap();
    private long cnps, ecnMarked, naks, stray, misdirected;

    public CnpAnalyzer(TestMetadata metadata, CnpOptions options) {
        this(new QpDirectory(metadata), options);
    }

    CnpAnalyzer(QpDirectory directory, CnpOptions options) {
        super(directory);
        this.options = options;
        for (QpPair qp : directory.qps()) legalPairs.add(pair(qp.dataSender().ip(), qp.dataReceiver().ip()));
        triggered = new boolean[directory.qps().size()];
        lastDataPsn = new int[directory.qps().size()];
        lastDataAt = new long[directory.qps().size()];
        Arrays.fill(lastDataAt, -1);
    }

    private static long pair(int reactionIp, int notificationIp) {
        return (Integer.toUnsignedLong(reactionIp) << 32) | Integer.toUnsignedLong(notificationIp);
    }

    @Override
    void accept(TracePacket p, int route) {
        boolean toSender = route != QpDirectory.UNKNOWN && QpDirectory.toDataSender(route);
        int qp = route == QpDirectory.UNKNOWN ? -1 : QpDirectory.qpOf(route);
        if (route != QpDirectory.UNKNOWN) measureRoundTrip(p, qp, toSender);
        if (p.isCnp()) {
            if (!legalPairs.contains(pair(p.dstIp(), p.srcIp()))) {
                stray++;
                return;
            }
            cnps++;
            record(p.timestampNanos(), toSender ? qp : -1, p.dstIp(), p.srcIp(), CNP);
            checkDestination(p, toSender ? qp : -1);
        } else if (route == QpDirectory.UNKNOWN) {
            return;
        } else if (!toSender && isCongestionMarkedDelivery(p)) {
            ecnMarked++;
            record(p.timestampNanos(), qp, p.srcIp(), p.dstIp(), ECN);
            triggered[qp] = true;
        } else if (toSender && p.isNak()) {
            naks++;
            record(p.timestampNanos(), qp, p.dstIp(), p.srcIp(), NAK);
            if (options.nakTriggersCnp()) triggered[qp] = true;
        }
    }

    /** A round trip sample whenever an acknowledgement names the PSN of the last data packet its QP sent. */
    private void measureRoundTrip(TracePacket p, int qp, boolean toSender) {
        if (!toSender && p.isData() && p.delivered()) {
            lastDataPsn[qp] = p.psn();
            lastDataAt[qp] = p.timestampNanos();
        } else if (toSender && p.isAcknowledge() && lastDataAt[qp] >= 0 && p.psn() == lastDataPsn[qp]) {
            long rtt = p.timestampNanos() - lastDataAt[qp];
            if (!smallestRoundTrip.containsKey(p.srcIp()) || rtt < smallestRoundTrip.get(p.srcIp())) smallestRoundTrip.put(p.srcIp(), rtt);
            lastDataAt[qp] = -1;
        }
    }

    /** Event {@code i}'s time on its notification point's clock. */
    private long atNotificationPoint(int i) {
        long oneWay = smallestRoundTrip.getOrDefault(notificationIps.getInt(i), 0L) / 2;
        return kinds.getInt(i) == ECN ? at.getLong(i) + oneWay : at.getLong(i) - oneWay;
    }

    /** A data packet that reached its receiver with ECN CE: marked by the injector, or upstream. */
    static boolean isCongestionMarkedDelivery(TracePacket p) {
        return p.isData() && p.delivered() && (p.event() == InjectedEvent.ECN || p.ecn() == 3);
    }

    private void record(long ts, int qp, int reactionIp, int notificationIp, int kind) {
        at.add(ts);
        qps.add(qp);
        reactionIps.add(reactionIp);
        notificationIps.add(notificationIp);
        kinds.add(kind);
    }

    private void checkDestination(TracePacket p, int qp) {
        if (qp < 0) {
            misdirected++;
            reasons.add(new Reason(-1, p.sequence(), p.psn(), "CNP to QPN 0x" + Integer.toHexString(p.destQp()) + " at "
                    + Ipv4Address.format(p.dstIp()) + ", which is no data sender under test"));
        } else if (!triggered[qp]) {
            misdirected++;
            reasons.add(new Reason(qp, p.sequence(), p.psn(), "CNP to a QP that received no ECN-marked packet"
                    + (options.nakTriggersCnp() ? " or NAK" : "") + " since its previous CNP"));
        } else {
            triggered[qp] = false;
        }
    }

    /** The rate limiter state and counts of one scope during a replay. */
    private static final class Tally {
        final int firstEvent;
        long expected, actual;
        boolean counted;
        long lastCounted;
        boolean hadCnp;
        long lastCnp;

        Tally(int firstEvent) {
            this.firstEvent = firstEvent;
        }
    }

    /** Replays the limiter for one scope mode: per-scope tallies in order of first appearance, and the CNP intervals into {@code intervals} if given. */
    private Long2ObjectLinkedOpenHashMap<Tally> replay(CnpScope scope, long minInterval, boolean nakTriggers, LongArrayList intervals) {
        Long2ObjectLinkedOpenHashMap<Tally> tallies = new Long2ObjectLinkedOpenHashMap<>();
        for (int i = 0; i < at.size(); i++) {
            final int first = i;
            Tally t = tallies.computeIfAbsent(scopeKey(scope, i), k -> new Tally(first));
            long ts = atNotificationPoint(i);
            int kind = kinds.getInt(i);
            if (kind == CNP) {
                t.actual++;
                if (t.hadCnp && intervals != null) intervals.add(ts - t.lastCnp);
                t.hadCnp = true;
                t.lastCnp = ts;
            } else if (kind == ECN || nakTriggers) {
                if (!t.counted || ts - t.lastCounted > minInterval) {
                    t.expected++;
                    t.counted = true;
                    t.lastCounted = ts;
                }
            }
        }
        return tallies;
    }

    private long scopeKey(CnpScope scope, int i) {
        return switch (scope) {
            case PER_PORT -> {
                int port = directory.switchPortOf(notificationIps.getInt(i));
                yield port != QpDirectory.UNKNOWN ? port : (1L << 40) | Integer.toUnsignedLong(notificationIps.getInt(i));
            }
            case PER_DEST_IP -> Integer.toUnsignedLong(reactionIps.getInt(i));
            case PER_IP_PAIR -> pair(reactionIps.getInt(i), notificationIps.getInt(i));
            case PER_QP -> qps.getInt(i);
        };
    }

    private String scopeName(CnpScope scope, int i) {
        return switch (scope) {
            case PER_PORT -> {
                int port = directory.switchPortOf(notificationIps.getInt(i));
                yield port != QpDirectory.UNKNOWN ? "port " + port : "NIC " + Ipv4Address.format(notificationIps.getInt(i));
            }
            case PER_DEST_IP -> Ipv4Address.format(reactionIps.getInt(i));
            case PER_IP_PAIR -> Ipv4Address.format(notificationIps.getInt(i)) + " -> " + Ipv4Address.format(reactionIps.getInt(i));
            case PER_QP -> qps.getInt(i) < 0 ? "no QP under test" : directory.metadata().qpName(qps.getInt(i));
        };
    }

    private static long mismatch(Long2ObjectLinkedOpenHashMap<Tally> tallies) {
        long m = 0;
        for (Tally t : tallies.values()) m += Math.abs(t.expected - t.actual);
        return m;
    }

    @Override
    public CnpResult result() {
        List<CnpResult.Scope> scopes = new ArrayList<>();
        long[] minGaps = new long[CnpScope.values().length];
        for (CnpScope s : CnpScope.values()) {
            LongArrayList intervals = new LongArrayList();
            Long2ObjectLinkedOpenHashMap<Tally> tallies = replay(s, options.minIntervalNanos(), options.nakTriggersCnp(), intervals);
            List<CnpResult.Count> mismatches = new ArrayList<>();
            long expected = 0, actual = 0;
            for (Tally t : tallies.values()) {
                expected += t.expected;
                actual += t.actual;
                if (t.expected != t.actual) mismatches.add(new CnpResult.Count(scopeName(s, t.firstEvent), t.expected, t.actual));
            }
            CnpResult.Intervals stats = summarise(intervals.toLongArray());
            minGaps[s.ordinal()] = stats.min();
            scopes.add(new CnpResult.Scope(s, mismatches.isEmpty(), expected, actual, mismatches, stats));
        }
        boolean scopeOk = options.expectedScope() == null || scopes.get(options.expectedScope().ordinal()).pass();
        List<Reason> all = new ArrayList<>(reasons.kept());
        if (!scopeOk) {
            CnpResult.Scope s = scopes.get(options.expectedScope().ordinal());
            all.add(new Reason(-1, -1, -1, "expected " + s.expected() + " CNPs " + s.scope() + " with more than " + Units.formatNanos(options.minIntervalNanos())
                    + " between them, saw " + s.actual() + "; differing scopes: " + s.mismatches()));
        }
        return new CnpResult(misdirected == 0 && scopeOk, all, reasons.omitted(), cnps, ecnMarked, naks, stray, misdirected, scopes, infer(minGaps));
    }

    /**
     * Tries, for every scope, the configured interval, the largest interval the scope's CNP gaps allow
     * (its smallest gap − 1 ns, as the limiter needs strictly more) and none, with and without NAK
     * triggers; keeps the best fit.
     */
    private CnpResult.Inference infer(long[] minGaps) {
        if (cnps == 0) return null;
        CnpResult.Inference best = null;
        List<CnpScope> consistent = new ArrayList<>();
        for (CnpScope s : CnpScope.values()) {
            long gap = minGaps[s.ordinal()];
            long[] candidates = gap > 0 ? new long[] {gap - 1, options.minIntervalNanos(), 0} : new long[] {options.minIntervalNanos(), 0};
            Arrays.sort(candidates);
            boolean exact = false;
            for (int c = candidates.length - 1; c >= 0; c--) {
                for (boolean nak : naks > 0 ? new boolean[] {false, true} : new boolean[] {false}) {
                    long m = mismatch(replay(s, candidates[c], nak, null));
                    exact |= m == 0;
                    if (best == null || m < best.mismatch()) best = new CnpResult.Inference(s, candidates[c], nak, m, List.of());
                }
            }
            if (exact) consistent.add(s);
        }
        return new CnpResult.Inference(best.scope(), best.minIntervalNanos(), best.nakTriggers(), best.mismatch(), consistent);
    }

    private static CnpResult.Intervals summarise(long[] values) {
        if (values.length == 0) return new CnpResult.Intervals(0, -1, -1, -1, -1, -1, -1);
        Arrays.sort(values);
        return new CnpResult.Intervals(values.length, values[0], RunStatistics.percentile(values, 0.10), RunStatistics.percentile(values, 0.50),
                RunStatistics.percentile(values, 0.90), RunStatistics.percentile(values, 0.99), values[values.length - 1]);
    }
}
