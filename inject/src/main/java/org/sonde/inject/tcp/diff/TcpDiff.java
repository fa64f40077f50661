package org.sonde.inject.tcp.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.sonde.inject.tcp.TcpConnectionResult;
import org.sonde.inject.tcp.TcpInjection;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.inject.tcp.analyze.TcpAnalysis;
import org.sonde.inject.tcp.analyze.TcpAnalysis.EcnResponse;
import org.sonde.inject.tcp.analyze.TcpAnalysis.Recovery;
import org.sonde.inject.tcp.analyze.TcpAnalysis.Spurious;
import org.sonde.inject.tcp.analyze.TcpAnalyzer;

/**
 * Compares one TCP test on two targets (the kernel and the simulator's model of it): per connection
 * and direction the packet sequences in the test's terms ({@link TcpStep}) are aligned by their
 * longest common subsequence, and every stretch that is only on one side is a {@link Category#SEQUENCE}
 * difference; the analyzers' verdicts are matched by what they are about (a lost transmission, a
 * spurious retransmission, a CE mark) and compared by kind and, within a {@link Tolerance}, by time.
 * Packet times are not compared one by one: two testbeds' round trips differ, and what matters of
 * time is how long recoveries and echoes took.
 */
public final class TcpDiff {
    /** What kind of difference. */
    enum Category {
        /** Packets of a connection in one run that the other has not in that place. */
        SEQUENCE,
        /** A lost transmission found by different means (fast retransmit, RACK, TLP, RTO). */
        RECOVERY_KIND,
        /** A lost transmission recovered in one run only, or judged differently. */
        RECOVERY,
        /** A spurious retransmission in one run only, or sent by different means. */
        SPURIOUS,
        /** The response to a CE mark. */
        ECN,
        /** A recovery's latency or an ECN response's times beyond the tolerance. */
        TIMING,
        /** The client's loss-recovery counters (nstat names) at the end of the run. */
        COUNTERS,
        /** A connection's outcome or the trace's integrity. */
        OUTCOME;

        public String word() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * How far two times may be apart and still agree: within {@code absoluteNanos}, or within
     * {@code relative} of the larger.
     */
    public record Tolerance(long absoluteNanos, double relative) {
        /** 5 ms (a jiffy of a 250 Hz kernel and the injector's jitter) or a quarter. */
        public static final Tolerance DEFAULT = new Tolerance(5_000_000L, 0.25);

        public Tolerance {
            if (absoluteNanos < 0 || relative < 0) throw new IllegalArgumentException("tolerances are not negative");
        }

        public boolean agree(long a, long b) {
            long d = Math.abs(a - b);
            return d <= absoluteNanos || d <= relative * Math.max(Math.abs(a), Math.abs(b));
        }
    }

    /**
     * The client's counters compared: how it detected and recovered losses, and undid the spurious ones, as
     * Linux's {@code tcp_input.c} and {@code tcp_timer.c} count them and the model keeps them.
     */
    static final List<String> RECOVERY_COUNTERS = List.of("TcpRetransSegs", "TcpExtTCPTimeouts", "TcpExtTCPLossProbes",
            "TcpExtTCPLossProbeRecovery", "TcpExtTCPFastRetrans", "TcpExtTCPSlowStartRetrans", "TcpExtTCPSackRecovery",
            "TcpExtTCPRenoRecovery", "TcpExtTCPSackFailures", "TcpExtTCPRenoFailures", "TcpExtTCPSackRecoveryFail",
            "TcpExtTCPRenoRecoveryFail", "TcpExtTCPLossFailures", "TcpExtTCPLossUndo", "TcpExtTCPFullUndo", "TcpExtTCPPartialUndo",
            "TcpExtTCPDSACKUndo", "TcpExtTCPSpuriousRTOs");

    /**
     * One run to compare: its target's name, trace, verdicts, each connection's outcome and the client's counters.
     *
     * @param delivered per connection, whether it delivered its bytes intact
     * @param counters  the client's nstat counters over the run (empty when the run did not keep them)
     */
    public record Side(String label, TcpTrace trace, TcpAnalysis analysis, Map<Integer, Boolean> delivered, Map<String, Long> counters) {
        public Side {
            counters = Map.copyOf(counters);
            delivered = Map.copyOf(delivered);
        }

        public static Side of(TcpInjection.Result r) {
            Map<Integer, Boolean> d = new TreeMap<>();
            for (TcpConnectionResult c : r.run().connections()) d.put(c.connection(), c.complete());
            return new Side(r.run().target(), r.run().trace(), r.analysis(), d, r.run().clientCounters());
        }
    }

    /**
     * A difference.
     *
     * @param connection 0 when it is about the whole run
     * @param where      what it is about, in the test's terms (e.g. {@code seg 5 iter 2}, {@code client packets})
     * @param left       what the first run shows there
     * @param right      what the second run shows
     */
    record Difference(Category category, int connection, String where, String left, String right) {}

    /**
     * An aligned pair of packets, or a packet of one side only (the other null).
     */
    public record Row(TcpStep left, TcpStep right) {
        public boolean matched() {
            return left != null && right != null;
        }
    }

    /** One connection's alignment: rows in order, client's packets then the server's. */
    record Alignment(int connection, List<Row> client, List<Row> server) {
        public Alignment {
            client = List.copyOf(client);
            server = List.copyOf(server);
        }

        public long matched() {
            return client.stream().filter(Row::matched).count() + server.stream().filter(Row::matched).count();
        }
    }

    /** The comparison. */
    public record Result(String leftLabel, String rightLabel, Tolerance tolerance, List<Alignment> alignments, List<Difference> differences) {
        public Result {
            alignments = List.copyOf(alignments);
            differences = List.copyOf(differences);
        }

        public boolean same() {
            return differences.isEmpty();
        }

        /** Differences per category, every category present, in the enum's order. */
        public Map<Category, Long> counts() {
            Map<Category, Long> m = new LinkedHashMap<>();
            for (Category c : Category.values()) m.put(c, differences.stream().filter(d -> d.category() == c).count());
            return m;
        }
    }

    /** Compared stretches longer than this are one difference each way: the alignment is quadratic in them. */
    static final int MAX_ALIGNED = 20_000;

    private TcpDiff() {}

    public static Result compare(Side left, Side right, Tolerance tolerance) {
        List<Difference> out = new ArrayList<>();
        List<Alignment> alignments = new ArrayList<>();
        TreeSet<Integer> connections = new TreeSet<>();
        connections.addAll(connectionsOf(left.trace()));
        connections.addAll(connectionsOf(right.trace()));
        connections.addAll(left.delivered().keySet());
        connections.addAll(right.delivered().keySet());
        if (left.analysis().integrity().pass() != right.analysis().integrity().pass()) {
            out.add(new Difference(Category.OUTCOME, 0, "trace integrity", integrity(left.analysis()), integrity(right.analysis())));
        }
        for (int c : connections) {
            Boolean l = left.delivered().get(c), r = right.delivered().get(c);
            if (!java.util.Objects.equals(l, r)) {
                out.add(new Difference(Category.OUTCOME, c, "delivery", delivery(l), delivery(r)));
            }
            List<Row> client = align(steps(left.trace(), c, true), steps(right.trace(), c, true));
            List<Row> server = align(steps(left.trace(), c, false), steps(right.trace(), c, false));
            alignments.add(new Alignment(c, client, server));
            hunks(out, c, "client packets", client);
            hunks(out, c, "server packets", server);
        }
        recoveries(out, left.analysis().recoveries(), right.analysis().recoveries(), tolerance);
        spurious(out, left.analysis().spurious(), right.analysis().spurious());
        ecn(out, left.analysis().ecn(), right.analysis().ecn(), tolerance);
        counters(out, left.counters(), right.counters());
        return new Result(left.label(), right.label(), tolerance, alignments, out);
    }

    /** Each recovery counter both runs kept, where their values differ. */
    private static void counters(List<Difference> out, Map<String, Long> left, Map<String, Long> right) {
        for (String c : RECOVERY_COUNTERS) {
            Long l = left.get(c), r = right.get(c);
            if (l != null && r != null && !l.equals(r)) out.add(new Difference(Category.COUNTERS, 0, c, String.valueOf(l), String.valueOf(r)));
        }
    }

    private static String integrity(TcpAnalysis a) {
        return a.integrity().pass() ? "complete" : "incomplete: " + String.join("; ", a.integrity().problems());
    }

    private static String delivery(Boolean b) {
        return b == null ? "no such connection" : b ? "delivered intact" : "not delivered";
    }

    private static List<Integer> connectionsOf(TcpTrace t) {
        return t.entries().stream().map(e -> e.info().connection()).filter(c -> c > 0).distinct().toList();
    }

    static List<TcpStep> steps(TcpTrace t, int connection, boolean fromClient) {
        List<TcpStep> s = new ArrayList<>();
        for (TcpTrace.Entry e : t.entries()) {
            if (e.info().connection() == connection && e.info().fromClient() == fromClient) s.add(TcpStep.of(e));
        }
        return s;
    }

    /** The longest common subsequence of the two, as rows: matched pairs, and each side's packets between them (left ones first). */
    static List<Row> align(List<TcpStep> a, List<TcpStep> b) {
        int n = a.size(), m = b.size();
        List<Row> rows = new ArrayList<>();
        // a common prefix and suffix need no table (most packets of two similar runs)
        int pre = 0;
        while (pre < n && pre < m && a.get(pre).sameAs(b.get(pre))) pre++;
        int suf = 0;
        while (suf < n - pre && suf < m - pre && a.get(n - 1 - suf).sameAs(b.get(m - 1 - suf))) suf++;
        for (int i = 0; i < pre; i++) rows.add(new Row(a.get(i), b.get(i)));
        List<TcpStep> x = a.subList(pre, n - suf), y = b.subList(pre, m - suf);
        if ((long) x.size() * y.size() > (long) MAX_ALIGNED * MAX_ALIGNED / 16) {
            x.forEach(s -> rows.add(new Row(s, null)));
            y.forEach(s -> rows.add(new Row(null, s)));
        } else {
            lcs(rows, x, y);
        }
        for (int i = 0; i < suf; i++) rows.add(new Row(a.get(n - suf + i), b.get(m - suf + i)));
        return rows;
    }

    private static void lcs(List<Row> rows, List<TcpStep> x, List<TcpStep> y) {
        int n = x.size(), m = y.size();
        int[][] len = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                len[i][j] = x.get(i).sameAs(y.get(j)) ? len[i + 1][j + 1] + 1 : Math.max(len[i + 1][j], len[i][j + 1]);
            }
        }
        int i = 0, j = 0;
        List<Row> pendingLeft = new ArrayList<>(), pendingRight = new ArrayList<>();
        while (i < n || j < m) {
            if (i < n && j < m && x.get(i).sameAs(y.get(j)) && len[i][j] == len[i + 1][j + 1] + 1) {
                rows.addAll(pendingLeft);
                rows.addAll(pendingRight);
                pendingLeft.clear();
                pendingRight.clear();
                rows.add(new Row(x.get(i++), y.get(j++)));
            } else if (j == m || i < n && len[i + 1][j] >= len[i][j + 1]) {
                pendingLeft.add(new Row(x.get(i++), null));
            } else {
                pendingRight.add(new Row(null, y.get(j++)));
            }
        }
        rows.addAll(pendingLeft);
        rows.addAll(pendingRight);
    }

    /** Each stretch of unmatched rows is one difference: what the left shows there, and what the right does. */
    private static void hunks(List<Difference> out, int connection, String where, List<Row> rows) {
        List<String> l = new ArrayList<>(), r = new ArrayList<>();
        String after = "the start";
        for (Row row : rows) {
            if (row.matched()) {
                if (!l.isEmpty() || !r.isEmpty()) out.add(hunk(connection, where, after, l, r));
                l.clear();
                r.clear();
                after = row.left().what();
                continue;
            }
            if (row.left() != null) l.add(row.left().toString());
            else r.add(row.right().toString());
        }
        if (!l.isEmpty() || !r.isEmpty()) out.add(hunk(connection, where, after, l, r));
    }

    private static Difference hunk(int connection, String where, String after, List<String> l, List<String> r) {
        return new Difference(Category.SEQUENCE, connection, where + " after " + after, l.isEmpty() ? "-" : String.join(", ", l),
                r.isEmpty() ? "-" : String.join(", ", r));
    }

    private record Key(int connection, int segment, int iteration) {
        @Override
        public String toString() {
            return "seg " + segment + (iteration > 0 ? " iter " + iteration : "");
        }
    }

    private static <T> Map<Key, T> byKey(List<T> list, Function<T, Key> key) {
        Map<Key, T> m = new TreeMap<>(java.util.Comparator.comparingInt(Key::connection).thenComparingInt(Key::segment).thenComparingInt(Key::iteration));
        for (T t : list) m.putIfAbsent(key.apply(t), t);
        return m;
    }

    private static <T> TreeSet<Key> keys(Map<Key, T> a, Map<Key, T> b) {
        TreeSet<Key> k = new TreeSet<>(java.util.Comparator.comparingInt(Key::connection).thenComparingInt(Key::segment).thenComparingInt(Key::iteration));
        k.addAll(a.keySet());
        k.addAll(b.keySet());
        return k;
    }

    private static void recoveries(List<Difference> out, List<Recovery> left, List<Recovery> right, Tolerance t) {
        Map<Key, Recovery> a = byKey(left, r -> new Key(r.connection(), r.segment(), r.iteration()));
        Map<Key, Recovery> b = byKey(right, r -> new Key(r.connection(), r.segment(), r.iteration()));
        for (Key k : keys(a, b)) {
            Recovery x = a.get(k), y = b.get(k);
            String where = "loss of " + k;
            if (x == null || y == null) {
                out.add(new Difference(Category.RECOVERY, k.connection(), where, describe(x), describe(y)));
                continue;
            }
            if (x.kind() != y.kind()) out.add(new Difference(Category.RECOVERY_KIND, k.connection(), where, describe(x), describe(y)));
            if (x.pass() != y.pass()) out.add(new Difference(Category.RECOVERY, k.connection(), where + " (verdict)", verdict(x), verdict(y)));
            if (x.latencyNanos() >= 0 && y.latencyNanos() >= 0 && !t.agree(x.latencyNanos(), y.latencyNanos())) {
                out.add(new Difference(Category.TIMING, k.connection(), where + " (latency)", TcpAnalyzer.ms(x.latencyNanos()), TcpAnalyzer.ms(y.latencyNanos())));
            }
        }
    }

    private static String describe(Recovery r) {
        return r == null ? "not lost" : r.kind().word() + (r.latencyNanos() < 0 ? "" : " after " + TcpAnalyzer.ms(r.latencyNanos()));
    }

    private static String verdict(Recovery r) {
        return (r.pass() ? "pass" : "FAIL") + ": " + r.reason();
    }

    private static void spurious(List<Difference> out, List<Spurious> left, List<Spurious> right) {
        Map<Key, Spurious> a = byKey(left, s -> new Key(s.connection(), s.segment(), s.iteration()));
        Map<Key, Spurious> b = byKey(right, s -> new Key(s.connection(), s.segment(), s.iteration()));
        for (Key k : keys(a, b)) {
            Spurious x = a.get(k), y = b.get(k);
            if (x == null || y == null || x.kind() != y.kind()) {
                out.add(new Difference(Category.SPURIOUS, k.connection(), "spurious retransmission " + k, describe(x), describe(y)));
            }
        }
    }

    private static String describe(Spurious s) {
        return s == null ? "none" : s.kind().word() + " after " + TcpAnalyzer.ms(s.afterNanos()) + "; " + s.cause();
    }

    private static void ecn(List<Difference> out, List<EcnResponse> left, List<EcnResponse> right, Tolerance t) {
        Map<Key, EcnResponse> a = byKey(left, e -> new Key(e.connection(), e.segment(), 0));
        Map<Key, EcnResponse> b = byKey(right, e -> new Key(e.connection(), e.segment(), 0));
        for (Key k : keys(a, b)) {
            EcnResponse x = a.get(k), y = b.get(k);
            String where = "CE mark on " + k;
            if (x == null || y == null || x.negotiated() != y.negotiated() || x.pass() != y.pass() || (x.echoNanos() < 0) != (y.echoNanos() < 0)
                    || (x.cwrNanos() < 0) != (y.cwrNanos() < 0)) {
                out.add(new Difference(Category.ECN, k.connection(), where, describe(x), describe(y)));
                continue;
            }
            if (x.echoNanos() >= 0 && !t.agree(x.echoNanos(), y.echoNanos())) {
                out.add(new Difference(Category.TIMING, k.connection(), where + " (echo)", TcpAnalyzer.ms(x.echoNanos()), TcpAnalyzer.ms(y.echoNanos())));
            }
            if (x.cwrNanos() >= 0 && !t.agree(x.cwrNanos(), y.cwrNanos())) {
                out.add(new Difference(Category.TIMING, k.connection(), where + " (CWR)", TcpAnalyzer.ms(x.cwrNanos()), TcpAnalyzer.ms(y.cwrNanos())));
            }
        }
    }

    private static String describe(EcnResponse e) {
        return e == null ? "no mark" : (e.pass() ? "pass" : "FAIL") + ": " + e.reason();
    }

}
