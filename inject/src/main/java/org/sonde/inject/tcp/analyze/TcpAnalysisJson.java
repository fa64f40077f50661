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
 *                          "duplicateAcks": 2, "pass": true, "reason": "..."}],
 *          "ecn": [{"conn": 1, "seg": 3, "negotiated": true, "echoNanos": ..., "cwrNanos": ..., "pass": true, "reason": "..."}],
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
