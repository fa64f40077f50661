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
     * {@code {"capture", "totals", "summary": {"flows", "slowFlows": {KIND: n}, "retransmissions": {KIND: n}}, "flows": [{"src", "dst", "packets", "dataBytes", "durationMicros", "initialRttMicros",
     * "retransmissions", "duplicateAcks", "zeroWindows", "outOfOrder", "kinds": {KIND: n}, "causes": [{"frame",
     * "timeMicros", "seq", "length", "kind", "trigger", "originalFrame", "evidence": {"text", "frames", ...figures},
     * "spurious"?}], "slowdowns": [{"kind", "costMicros", "evidence"}], "frames": {"duplicateAcks", "zeroWindows",
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
        long epoch = flows.stream().mapToLong(FlowDiagnosis::firstNanos).filter(n -> n >= 0).min().orElse(0);
        ArrayNode flowsNode = root.putArray("flows");
        for (FlowDiagnosis d : flows) {
            ObjectNode n = flowsNode.addObject();
            n.put("src", d.src().toString());
            n.put("dst", d.dst().toString());
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
            ArrayNode slow = n.putArray("slowdowns");
            for (Slowdown w : d.slowdowns()) {
                ObjectNode o = slow.addObject();
                o.put("kind", w.kind().name());
                o.put("costMicros", FlowAnalyzer.micros(w.costNanos()));
                o.set("evidence", evidence(w.evidence()));
            }
            ObjectNode frames = n.putObject("frames");
            frames.set("duplicateAcks", numbers(d.duplicateAckFrames()));
            frames.set("zeroWindows", numbers(d.zeroWindowFrames()));
            frames.set("outOfOrder", numbers(d.outOfOrderFrames()));
        }
        return root;
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
