package org.sonde.inject.tcp.analyze;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.sonde.core.Json;

/**
 * A TCP analysis as JSON:
 * <pre>
 * {"pass": true,
 *  "integrity": {"pass": true, "figures": {...}, "problems": []},
 *  "tcp": {"pass": true,
 *          "recoveries": [{"conn": 2, "seg": 5, "iter": 1, "kind": "rack", "latencyNanos": 61000,
 *                          "duplicateAcks": 2, "pass": true, "reason": "...",
 *                          "split": {"detectionNanos": ..., "reactionNanos": ..., "repairNanos": ...}}],
 *          "spurious": [{"conn": 1, "seg": 10, "iter": 2, "kind": "tlp", "afterNanos": ..., "cause": "..."}],
 *          "ecn": [{"conn": 1, "seg": 3, "negotiated": true, "echoNanos": ..., "cwrNanos": ..., "pass": true, "reason": "..."}],
 *          "zeroWindows": [{"conn": 1, "atNanos": ..., "durationNanos": ..., "probeAfterNanos": [...],
 *                           "dataBeyondWindow": 0, "resumeNanos": ..., "pass": true, "reason": "..."}],
 *          "acks": [{"conn": 1, "acks": 40, "immediate": 38, "delayed": 2, "stretch": 0, "maxDelayNanos": ...,
 *                    "outOfOrder": 3, "late": 0, "pass": true, "reason": "..."}],
 *          "sack": {"pass": true, "blocksChecked": 12, "problems": []}}}
 * </pre>
 * Times are nanoseconds; an absent one is null.
 */
public final class TcpAnalysisJson {
    private TcpAnalysisJson() {}

    public static ObjectNode toJson(TcpAnalysis a) {
        ObjectNode root = Json.mapper().createObjectNode();
        root.put("pass", a.pass());
        ObjectNode integrity = root.putObject("integrity");
        integrity.put("pass", a.integrity().pass());
        ObjectNode figures = integrity.putObject("figures");
        a.integrity().figures().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .forEach(f -> figures.put(f.getKey(), f.getValue()));
        ArrayNode problems = integrity.putArray("problems");
        a.integrity().problems().forEach(problems::add);
        ObjectNode tcp = root.putObject("tcp");
        tcp.put("pass", a.tcpPass());
        ArrayNode recoveries = tcp.putArray("recoveries");
        for (TcpAnalysis.Recovery r : a.recoveries()) {
            ObjectNode o = recoveries.addObject();
            o.put("conn", r.connection());
            o.put("seg", r.segment());
            o.put("iter", r.iteration());
            o.put("kind", r.kind().word());
            nanos(o, "latencyNanos", r.latencyNanos());
            o.put("duplicateAcks", r.duplicateAcks());
            o.put("pass", r.pass());
            o.put("reason", r.reason());
            ObjectNode split = o.putObject("split");
            nanos(split, "detectionNanos", r.split().detectionNanos());
            nanos(split, "reactionNanos", r.split().reactionNanos());
            nanos(split, "repairNanos", r.split().repairNanos());
        }
        ArrayNode spurious = tcp.putArray("spurious");
        for (TcpAnalysis.Spurious r : a.spurious()) {
            ObjectNode o = spurious.addObject();
            o.put("conn", r.connection());
            o.put("seg", r.segment());
            o.put("iter", r.iteration());
            o.put("kind", r.kind().word());
            o.put("afterNanos", r.afterNanos());
            o.put("cause", r.cause());
        }
        ArrayNode ecn = tcp.putArray("ecn");
        for (TcpAnalysis.EcnResponse r : a.ecn()) {
            ObjectNode o = ecn.addObject();
            o.put("conn", r.connection());
            o.put("seg", r.segment());
            o.put("negotiated", r.negotiated());
            nanos(o, "echoNanos", r.echoNanos());
            nanos(o, "cwrNanos", r.cwrNanos());
            o.put("pass", r.pass());
            o.put("reason", r.reason());
        }
        ArrayNode zero = tcp.putArray("zeroWindows");
        for (TcpAnalysis.ZeroWindow z : a.zeroWindows()) {
            ObjectNode o = zero.addObject();
            o.put("conn", z.connection());
            o.put("atNanos", z.atNanos());
            nanos(o, "durationNanos", z.durationNanos());
            ArrayNode probes = o.putArray("probeAfterNanos");
            z.probeAfterNanos().forEach(probes::add);
            o.put("dataBeyondWindow", z.dataBeyondWindow());
            nanos(o, "resumeNanos", z.resumeNanos());
            o.put("pass", z.pass());
            o.put("reason", z.reason());
        }
        ArrayNode acks = tcp.putArray("acks");
        for (TcpAnalysis.AckPolicy k : a.acks()) {
            ObjectNode o = acks.addObject();
            o.put("conn", k.connection());
            o.put("acks", k.acks());
            o.put("immediate", k.immediate());
            o.put("delayed", k.delayed());
            o.put("stretch", k.stretch());
            o.put("maxDelayNanos", k.maxDelayNanos());
            o.put("outOfOrder", k.outOfOrder());
            o.put("late", k.late());
            o.put("pass", k.pass());
            o.put("reason", k.reason());
        }
        ObjectNode sack = tcp.putObject("sack");
        sack.put("pass", a.sack().pass());
        sack.put("blocksChecked", a.sack().blocksChecked());
        ArrayNode sp = sack.putArray("problems");
        a.sack().problems().forEach(sp::add);
        return root;
    }

    private static void nanos(ObjectNode o, String field, long nanos) {
        if (nanos < 0) o.putNull(field);
        else o.put(field, nanos);
    }
}
