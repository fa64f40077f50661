package org.sonde.inject.tcp.diff;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.sonde.core.Json;

/**
 * A comparison as JSON ({@code diff.json}):
 * <pre>
 * {"test": "tcp-listing2", "left": "linux", "right": "sim-tcp", "same": false,
 *  "model": {"linkRateBps": 10000000000, "linkDelayNanos": 2500000},
 *  "tolerance": {"absoluteNanos": 5000000, "relative": 0.25},
 *  "notes": ["tcp_frto 2 ..."],
 *  "counts": {"sequence": 3, "recovery-kind": 1, ...},
 *  "connections": [{"conn": 1, "clientPackets": [40, 41], "serverPackets": [20, 22], "matched": 55}],
 *  "differences": [{"category": "recovery-kind", "conn": 3, "where": "loss of seg 10 iter 1", "left": "tlp after ...", "right": "rto after ..."}]}
 * </pre>
 * Per connection, each direction's packet counts on the left and the right.
 */
final class TcpDiffJson {
    private TcpDiffJson() {}

    public static ObjectNode toJson(String test, TcpDiffRun.Outcome o) {
        TcpDiff.Result r = o.result();
        ObjectNode root = Json.mapper().createObjectNode();
        root.put("test", test);
        root.put("left", r.leftLabel());
        root.put("right", r.rightLabel());
        root.put("same", r.same());
        if (o.model() == null) root.putNull("model");
        else {
            ObjectNode m = root.putObject("model");
            m.put("linkRateBps", o.model().linkRateBps());
            m.put("linkDelayNanos", o.model().linkDelayNanos());
        }
        ObjectNode tol = root.putObject("tolerance");
        tol.put("absoluteNanos", r.tolerance().absoluteNanos());
        tol.put("relative", r.tolerance().relative());
        ArrayNode notes = root.putArray("notes");
        o.notes().forEach(notes::add);
        ObjectNode counts = root.putObject("counts");
        for (Map.Entry<TcpDiff.Category, Long> e : r.counts().entrySet()) counts.put(e.getKey().word(), e.getValue());
        ArrayNode conns = root.putArray("connections");
        for (TcpDiff.Alignment a : r.alignments()) {
            ObjectNode c = conns.addObject();
            c.put("conn", a.connection());
            c.set("clientPackets", sides(a.client()));
            c.set("serverPackets", sides(a.server()));
            c.put("matched", a.matched());
        }
        ArrayNode diffs = root.putArray("differences");
        for (TcpDiff.Difference d : r.differences()) {
            ObjectNode x = diffs.addObject();
            x.put("category", d.category().word());
            x.put("conn", d.connection());
            x.put("where", d.where());
            x.put("left", d.left());
            x.put("right", d.right());
        }
        return root;
    }

    private static ArrayNode sides(java.util.List<TcpDiff.Row> rows) {
        ArrayNode a = Json.mapper().createArrayNode();
        a.add(rows.stream().filter(r -> r.left() != null).count());
        a.add(rows.stream().filter(r -> r.right() != null).count());
        return a;
    }
}
