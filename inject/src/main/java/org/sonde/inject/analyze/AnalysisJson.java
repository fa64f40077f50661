package org.sonde.inject.analyze;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.sonde.inject.model.IntegrityResult;

/**
 * The JSON form of an {@link Analysis}, with keys in a fixed order so equal analyses serialise
 * identically: {@code pass}, {@code integrity} (when known), {@code gbn}, {@code latency},
 * {@code cnp}, {@code counters} (when counters were given) and {@code completion}. Times are ns;
 * where the analyzers hold -1 for "none" (no CNP interval, a message never completed) the JSON
 * holds null, as it does for a counter the NIC lacks.
 */
public final class AnalysisJson {
    private static final JsonNodeFactory J = JsonNodeFactory.instance;

    private AnalysisJson() {}

    public static ObjectNode toJson(Analysis a) {
        ObjectNode root = J.objectNode();
        root.put("pass", a.pass());
        if (a.integrity() != null) root.set("integrity", integrity(a.integrity()));
        int first = a.firstQpNumber();
        root.put("firstQpNumber", first);
        root.set("gbn", gbn(a.gbn(), first));
        root.set("latency", latency(a.latency(), first));
        root.set("cnp", cnp(a.cnp(), first));
        if (a.counters() != null) root.set("counters", counters(a.counters()));
        root.set("completion", completion(a.completion(), first));
        return root;
    }

    static ObjectNode integrity(IntegrityResult r) {
        ObjectNode o = J.objectNode();
        o.put("pass", r.pass());
        strings(o.putArray("reasons"), r.reasons());
        return o;
    }

    static ObjectNode gbn(GbnResult r, int first) {
        ObjectNode o = J.objectNode();
        o.put("pass", r.pass());
        o.put("mode", r.mode().name().toLowerCase(java.util.Locale.ROOT));
        reasons(o.putArray("reasons"), r.reasons(), first);
        o.put("omittedReasons", r.omittedReasons());
        ArrayNode qps = o.putArray("qps");
        for (QpGbnStats s : r.qps()) {
            ObjectNode q = qps.addObject();
            q.put("qp", s.qp() + first);
            q.put("verb", s.verb().name());
            q.put("started", s.started());
            q.put("nakRetransmissions", s.nakRetransmissions());
            q.put("timeoutRetransmissions", s.timeoutRetransmissions());
            q.put("rnrRetransmissions", s.rnrRetransmissions());
            q.put("corruptDataPackets", s.corruptDataPackets());
            q.put("outOfSequence", s.outOfSequence());
            q.put("duplicates", s.duplicates());
        }
        return o;
    }

    static ObjectNode latency(LatencyResult r, int first) {
        ObjectNode o = J.objectNode();
        longs(o.putArray("nackGeneration"), r.nakGeneration());
        longs(o.putArray("nackReaction"), r.nakReaction());
        longs(o.putArray("timeouts"), r.timeouts());
        ObjectNode recoveries = o.putObject("losses");
        for (Recovery rec : Recovery.values()) recoveries.put(rec.name().toLowerCase(java.util.Locale.ROOT), r.count(rec));
        ArrayNode losses = o.putArray("detail");
        for (LossLatency l : r.losses()) {
            ObjectNode x = losses.addObject();
            x.put("qp", l.qp() + first);
            x.put("sequence", l.sequence());
            x.put("psn", l.psn());
            x.put("recovery", l.recovery().name());
            nanos(x, "lostAt", l.lostAtNanos());
            nanos(x, "nackGeneration", l.nakGenerationNanos());
            nanos(x, "nackReaction", l.nakReactionNanos());
            nanos(x, "timeout", l.timeoutNanos());
            nanos(x, "retransmission", l.retransmissionNanos());
        }
        return o;
    }

    static ObjectNode cnp(CnpResult r, int first) {
        ObjectNode o = J.objectNode();
        o.put("pass", r.pass());
        reasons(o.putArray("reasons"), r.reasons(), first);
        o.put("omittedReasons", r.omittedReasons());
        o.put("cnps", r.cnps());
        o.put("ecnMarkedDataPackets", r.ecnMarkedDataPackets());
        o.put("naks", r.naks());
        o.put("strayCnps", r.strayCnps());
        o.put("misdirectedCnps", r.misdirectedCnps());
        ObjectNode scopes = o.putObject("scopes");
        for (CnpResult.Scope s : r.scopes()) {
            ObjectNode x = scopes.putObject(s.scope().name());
            x.put("pass", s.pass());
            x.put("expected", s.expected());
            x.put("actual", s.actual());
            ArrayNode mismatches = x.putArray("mismatches");
            for (CnpResult.Count c : s.mismatches()) {
                mismatches.addObject().put("scope", c.scope()).put("expected", c.expected()).put("actual", c.actual());
            }
            CnpResult.Intervals i = s.intervals();
            ObjectNode intervals = x.putObject("intervals").put("count", i.count());
            nanos(intervals, "min", i.min());
            nanos(intervals, "p10", i.p10());
            nanos(intervals, "p50", i.p50());
            nanos(intervals, "p90", i.p90());
            nanos(intervals, "p99", i.p99());
            nanos(intervals, "max", i.max());
        }
        CnpResult.Inference inf = r.inferred();
        if (inf != null) {
            ObjectNode x = o.putObject("inferred");
            x.put("scope", inf.scope().name());
            x.put("minInterval", inf.minIntervalNanos());
            x.put("nakTriggers", inf.nakTriggers());
            x.put("mismatch", inf.mismatch());
            strings(x.putArray("consistentScopes"), inf.consistentScopes());
        }
        return o;
    }

    static ObjectNode counters(CounterResult r) {
        ObjectNode o = J.objectNode();
        o.put("pass", r.pass());
        strings(o.putArray("reasons"), r.reasons());
        strings(o.putArray("notes"), r.notes());
        ArrayNode checks = o.putArray("checks");
        for (CounterResult.Check c : r.checks()) {
            ObjectNode x = checks.addObject().put("nic", c.nic()).put("counter", c.counter()).put("expected", c.expected());
            x.put("actual", c.actual()); // null: the NIC has no such counter
            x.put("status", c.status().name());
        }
        return o;
    }

    static ObjectNode completion(CompletionResult r, int first) {
        ObjectNode o = J.objectNode();
        ArrayNode qps = o.putArray("qps");
        for (CompletionResult.Qp q : r.qps()) {
            ObjectNode x = qps.addObject();
            x.put("qp", q.qp() + first);
            x.put("verb", q.verb().name());
            x.put("completed", q.completed());
            x.put("goodputBitsPerSecond", q.goodputBitsPerSecond());
            ArrayNode times = x.putArray("completionNanos");
            for (long t : q.completionNanos()) { // -1: the message never completed
                if (t < 0) times.addNull();
                else times.add(t);
            }
        }
        return o;
    }

    private static void reasons(ArrayNode into, List<Reason> reasons, int first) {
        for (Reason r : reasons) into.add(r.text(first));
    }

    /** A time in ns, or null where there is none (the analyzers' -1): a reader should not take -1 for a time. */
    private static void nanos(ObjectNode o, String field, long value) {
        if (value < 0) o.putNull(field);
        else o.put(field, value);
    }

    private static void strings(ArrayNode into, List<?> values) {
        for (Object v : values) into.add(v.toString());
    }

    private static void longs(ArrayNode into, long[] values) {
        for (long v : values) into.add(v);
    }
}
