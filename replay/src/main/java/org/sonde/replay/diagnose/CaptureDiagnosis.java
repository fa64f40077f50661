package org.sonde.replay.diagnose;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/** The diagnosis of every TCP flow in one capture, in the order the flows first appear. */
public record CaptureDiagnosis(String capture, CaptureTotals totals, List<FlowDiagnosis> flows) {
    public CaptureDiagnosis {
        flows = List.copyOf(flows);
    }

    /**
     * {@code {"capture", "totals", "summary": {"flows", "slowFlows": {KIND: n}, "retransmissions": {KIND: n}, "bySize": [{"sizes",
     * "minBytes", "maxBytes"?, "flows", "slowFlows", "slowdowns": {KIND: n}, "tail": {"flows", "slowFlows", "slowdowns"}}]}
     * (bySize counts transfers),
     * "flows": [{"src", "dst", "capturedAt"? (with several interfaces), "packets", "dataBytes", "durationMicros", "initialRttMicros",
     * "retransmissions", "duplicateAcks", "zeroWindows", "outOfOrder", "kinds": {KIND: n}, "causes": [{"frame",
     * "timeMicros", "seq", "length", "kind", "trigger", "originalFrame", "evidence": {"text", "frames", ...figures},
     * "spurious"?}], "slowdowns": [{"kind", "costMicros", "evidence"}], "transfers": [{"startSeq", "endSeq", "bytes",
     * "startMicros", "durationMicros", "retransmissions": [frame], "kinds", "slowdowns"}], "frames": {"duplicateAcks", "zeroWindows",
     * "outOfOrder"}}]}}; times are relative to the capture's
     * first TCP packet.
     */
    public ObjectNode toJson() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("capture", capture);
        ObjectNode t = root.putObject("totals");
        t.put("frames", totals.frames());
        t.put("tcpPackets", totals.tcpPackets());
        t.put("notTcp", totals.notTcp());
        t.put("undecodable", totals.undecodable());
        t.put("unsupportedLinkType", totals.unsupportedLinkType());
        // in the form of DETER's Tables 2-3: how many flows each diagnosis names, and the retransmissions by cause
        ObjectNode summary = root.putObject("summary");
        summary.put("flows", flows.size());
        ObjectNode slowFlows = summary.putObject("slowFlows");
        for (SlowdownKind k : SlowdownKind.values()) {
            slowFlows.put(k.name(), flows.stream().filter(fl -> fl.slowdowns().stream().anyMatch(w -> w.kind() == k)).count());
        }
        ObjectNode byKind = summary.putObject("retransmissions");
        for (RetransmissionKind k : RetransmissionKind.values()) {
            byKind.put(k.name(), flows.stream().mapToLong(fl -> fl.kindCounts().get(k)).sum());
        }
        ArrayNode bySize = summary.putArray("bySize");
        for (SizeRow row : bySize()) {
            ObjectNode r = bySize.addObject();
            r.put("sizes", row.label());
            r.put("minBytes", row.minBytes());
            if (row.maxBytes() != Long.MAX_VALUE) r.put("maxBytes", row.maxBytes());
            r.put("flows", row.flows());
            r.put("slowFlows", row.slowFlows());
            ObjectNode k = r.putObject("slowdowns");
            row.byKind().forEach((kind, n) -> k.put(kind.name(), n));
            ObjectNode tail = r.putObject("tail");
            tail.put("flows", row.tailFlows());
            tail.put("slowFlows", row.slowTailFlows());
            ObjectNode tk = tail.putObject("slowdowns");
            row.tailByKind().forEach((kind, n) -> tk.put(kind.name(), n));
        }
        long epoch = flows.stream().mapToLong(FlowDiagnosis::firstNanos).filter(n -> n >= 0).min().orElse(0);
        ArrayNode flowsNode = root.putArray("flows");
        for (FlowDiagnosis d : flows) {
            ObjectNode n = flowsNode.addObject();
            n.put("src", d.src().toString());
            n.put("dst", d.dst().toString());
            if (d.capturedAt() != null) n.put("capturedAt", d.capturedAt().name());
            n.put("packets", d.packets());
            n.put("dataBytes", d.dataBytes());
            n.put("durationMicros", FlowAnalyzer.micros(d.lastNanos() - d.firstNanos()));
            if (d.initialRttNanos() >= 0) n.put("initialRttMicros", FlowAnalyzer.micros(d.initialRttNanos()));
            n.put("retransmissions", d.retransmissions().size());
            n.put("duplicateAcks", d.duplicateAckFrames().size());
            n.put("zeroWindows", d.zeroWindowFrames().size());
            n.put("outOfOrder", d.outOfOrderFrames().size());
            ObjectNode kinds = n.putObject("kinds");
            d.kindCounts().forEach((k, v) -> kinds.put(k.name(), v));
            ArrayNode causes = n.putArray("causes");
            for (Retransmission r : d.retransmissions()) {
                ObjectNode c = causes.addObject();
                c.put("frame", r.frame());
                c.put("timeMicros", FlowAnalyzer.micros(r.timeNanos() - epoch));
                c.put("seq", r.relativeSeq());
                c.put("length", r.length());
                c.put("kind", r.kind().name());
                c.put("trigger", r.trigger().name());
                if (r.originalFrame() > 0) c.put("originalFrame", r.originalFrame());
                c.set("evidence", evidence(r.evidence()));
                if (r.spuriousEvidence() != null) c.set("spurious", evidence(r.spuriousEvidence()));
            }
            n.set("slowdowns", slowdowns(d.slowdowns()));
            ArrayNode transfers = n.putArray("transfers");
            for (Transfer x : d.transfers()) {
                ObjectNode o = transfers.addObject();
                o.put("startSeq", x.startSeq());
                o.put("endSeq", x.endSeq());
                o.put("bytes", x.bytes());
                o.put("startMicros", FlowAnalyzer.micros(x.firstNanos() - epoch));
                o.put("durationMicros", FlowAnalyzer.micros(x.durationNanos()));
                o.set("retransmissions", numbers(x.retransmissions().stream().map(Retransmission::frame).toList()));
                ObjectNode kinds2 = o.putObject("kinds");
                x.kindCounts().forEach((k, v) -> kinds2.put(k.name(), v));
                o.set("slowdowns", slowdowns(x.slowdowns()));
            }
            ObjectNode frames = n.putObject("frames");
            frames.set("duplicateAcks", numbers(d.duplicateAckFrames()));
            frames.set("zeroWindows", numbers(d.zeroWindowFrames()));
            frames.set("outOfOrder", numbers(d.outOfOrderFrames()));
        }
        return root;
    }

    /** Transfer sizes as DETER's Tables 2–3 group them. */
    private static final long[] SIZE_EDGES = {0, 100_000, 1_000_000, 10_000_000, Long.MAX_VALUE};
    private static final String[] SIZE_LABELS = {"< 100 KB", "100 KB - 1 MB", "1 MB - 10 MB", ">= 10 MB"};

    /**
     * The tail of each size row: the tenth of its transfers that took longest, as DETER's Tables 2–3 take the flows above the
     * 99.9th percentile of completion time in each size range (of far more flows).
     */
    public static final double TAIL = 0.9;

    /**
     * One row of the table by transfer size: the transfers of that much data ({@code flows}, as DETER counts them), how
     * many were slow and for what, and the same for the row's tail (the tenth that took longest), the flows DETER's
     * Tables 2–3 explain.
     */
    public record SizeRow(String label, long minBytes, long maxBytes, long flows, long slowFlows, Map<SlowdownKind, Long> byKind,
                          long tailFlows, long slowTailFlows, Map<SlowdownKind, Long> tailByKind) {}

    /**
     * In the form of DETER's Tables 2–3: the transfers (DETER's flows: a flow on a connection of its own, a request or
     * response on a persistent connection), by size, with the number naming each diagnosis (one may name several), over
     * all of them and over each row's tail.
     */
    public List<SizeRow> bySize() {
        List<SizeRow> rows = new java.util.ArrayList<>();
        List<Transfer> all = flows.stream().flatMap(fl -> fl.transfers().stream()).toList();
        for (int i = 0; i + 1 < SIZE_EDGES.length; i++) {
            long lo = SIZE_EDGES[i], hi = SIZE_EDGES[i + 1];
            List<Transfer> in = all.stream().filter(t -> t.bytes() > 0 && t.bytes() >= lo && t.bytes() < hi)
                    .sorted(java.util.Comparator.comparingLong(Transfer::durationNanos)).toList();
            List<Transfer> tail = in.isEmpty() ? List.of() : in.subList((int) Math.min(in.size() - 1, Math.floor(TAIL * in.size())), in.size());
            rows.add(new SizeRow(SIZE_LABELS[i], lo, hi, in.size(), slow(in), byKind(in), tail.size(), slow(tail), byKind(tail)));
        }
        return rows;
    }

    private static long slow(List<Transfer> transfers) {
        return transfers.stream().filter(t -> !t.slowdowns().isEmpty()).count();
    }

    private static Map<SlowdownKind, Long> byKind(List<Transfer> transfers) {
        Map<SlowdownKind, Long> byKind = new java.util.EnumMap<>(SlowdownKind.class);
        for (SlowdownKind k : SlowdownKind.values()) {
            byKind.put(k, transfers.stream().filter(t -> t.slowdowns().stream().anyMatch(w -> w.kind() == k)).count());
        }
        return byKind;
    }

    /**
     * The terminal report: a line per flow that carried data or showed anything, its slowdowns and retransmissions (the
     * first 10 unless {@code all}), then the table by size.
     */
    public String toText(boolean all) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(java.util.Locale.ROOT, "%s: %,d frames, %,d TCP packets, %d flows%n", capture, totals.frames(),
                totals.tcpPackets(), flows.size()));
        for (FlowDiagnosis f : flows) {
            if (f.retransmissions().isEmpty() && f.duplicateAckFrames().isEmpty() && f.zeroWindowFrames().isEmpty() && f.slowdowns().isEmpty()
                    && f.outOfOrderFrames().isEmpty() && f.dataBytes() == 0) continue;
            StringBuilder kinds = new StringBuilder();
            for (Map.Entry<RetransmissionKind, Integer> e : f.kindCounts().entrySet()) {
                if (e.getValue() > 0) kinds.append(kinds.isEmpty() ? " (" : ", ").append(e.getKey()).append(' ').append(e.getValue());
            }
            if (!kinds.isEmpty()) kinds.append(')');
            out.append(String.format(java.util.Locale.ROOT, "  %s -> %s%s: %,d bytes, %d retransmissions%s, %d duplicate ACKs, %d zero windows,"
                            + " %d out of order%n", f.src(), f.dst(), f.capturedAt() == null ? "" : " (at " + f.capturedAt() + ")",
                    f.dataBytes(), f.retransmissions().size(), kinds,
                    f.duplicateAckFrames().size(), f.zeroWindowFrames().size(), f.outOfOrderFrames().size()));
            for (Slowdown w : f.slowdowns()) {
                out.append(String.format(java.util.Locale.ROOT, "    slow: %s (%.3f ms) — %s%n", w.kind(), w.costNanos() / 1e6, w.evidence().text()));
            }
            if (f.transfers().size() > 1) {
                out.append(String.format(java.util.Locale.ROOT, "    %d transfers:%n", f.transfers().size()));
                int listed = 0;
                for (Transfer x : f.transfers()) {
                    if (!all && x.slowdowns().isEmpty() && x.retransmissions().isEmpty()) continue;
                    if (!all && listed++ == 10) {
                        out.append("      ... more (--all)\n");
                        break;
                    }
                    out.append(String.format(java.util.Locale.ROOT, "      bytes %d..%d (%,d bytes, %.3f ms), %d retransmissions%s%n",
                            x.startSeq(), x.endSeq(), x.bytes(), x.durationNanos() / 1e6, x.retransmissions().size(),
                            x.slowdowns().isEmpty() ? "" : ", slow: " + String.join(", ",
                                    x.slowdowns().stream().map(w -> w.kind().name()).distinct().toList())));
                }
            }
            int shown = 0;
            for (Retransmission r : f.retransmissions()) {
                if (!all && shown++ == 10) {
                    out.append(String.format("      ... %d more (--all)%n", f.retransmissions().size() - 10));
                    break;
                }
                out.append(String.format(java.util.Locale.ROOT, "      frame %d seq %d len %d: %s%s — %s%n", r.frame(), r.relativeSeq(), r.length(),
                        r.kind(), r.kind() != r.trigger() ? " (sent by " + r.trigger() + ")" : "", r.spuriousEvidence() != null
                                ? r.evidence().text() + "; " + r.spuriousEvidence().text() : r.evidence().text()));
            }
        }
        out.append("  slow flows by size (DETER Tables 2-3; a flow here is a transfer: one request or response on a persistent\n"
                + "  connection; one may name several causes; tail: the tenth that took longest):\n");
        for (SizeRow row : bySize()) {
            if (row.flows() == 0) continue;
            out.append(String.format(java.util.Locale.ROOT, "    %-14s %,d flows, %,d slow%s; tail %,d, %,d slow%s%n", row.label(), row.flows(),
                    row.slowFlows(), named(row.byKind()), row.tailFlows(), row.slowTailFlows(), named(row.tailByKind())));
        }
        return out.toString();
    }

    private static String named(Map<SlowdownKind, Long> byKind) {
        StringBuilder named = new StringBuilder();
        byKind.forEach((k, n) -> {
            if (n > 0) named.append(named.isEmpty() ? ": " : ", ").append(k).append(' ').append(n);
        });
        return named.toString();
    }

    private static ArrayNode slowdowns(List<Slowdown> slowdowns) {
        ArrayNode slow = JsonNodeFactory.instance.arrayNode();
        for (Slowdown w : slowdowns) {
            ObjectNode o = slow.addObject();
            o.put("kind", w.kind().name());
            o.put("costMicros", FlowAnalyzer.micros(w.costNanos()));
            o.set("evidence", evidence(w.evidence()));
        }
        return slow;
    }

    private static ObjectNode evidence(Evidence e) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("text", e.text());
        n.set("frames", numbers(e.frames()));
        for (Map.Entry<String, Long> fig : e.figures().entrySet()) n.put(fig.getKey(), fig.getValue());
        return n;
    }

    private static ArrayNode numbers(List<Long> values) {
        ArrayNode a = JsonNodeFactory.instance.arrayNode();
        values.forEach(a::add);
        return a;
    }
}
