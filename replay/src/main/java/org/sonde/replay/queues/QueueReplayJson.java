package org.sonde.replay.queues;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.sonde.core.Json;

/** {@code sonde replay queues --json}: the result's figures (docs/schemas/replay-queues.schema.json); the series stay in the report. */
public final class QueueReplayJson {
    private QueueReplayJson() {
    }

    public static ObjectNode of(QueueReplayResult r) {
        ObjectNode o = Json.mapper().createObjectNode();
        o.put("scenario", r.scenario());
        o.put("seed", r.seed());
        o.put("switches", r.switches());
        o.put("hosts", r.hosts());
        o.put("simulatedNanos", r.simulatedNanos());
        o.put("connections", r.connections());
        o.put("connectionsReplayed", r.connectionsReplayed());
        o.set("notReplayed", Json.mapper().valueToTree(r.notReplayed()));
        o.put("packets", r.packets());
        o.put("undecidedPackets", r.undecidedPackets());
        o.put("runArrivals", r.runArrivals());
        o.put("comparedArrivals", r.comparedArrivals());
        o.put("unrecordedArrivals", r.unrecordedArrivals());
        o.put("mtuBytes", r.mtuBytes());
        o.put("thresholdNanos", r.thresholdNanos());
        o.put("recordedThresholdNanos", r.recordedThresholdNanos());
        o.put("clockErrorNanos", r.clockErrorNanos());
        o.put("tagMarginMtu", r.tagMarginMtu());
        o.put("maxSendTimeErrorNanos", r.maxSendTimeErrorNanos());
        o.set("queueDifference", Json.mapper().valueToTree(r.difference()));
        o.set("dropsWithoutTagging", drops(r.dropsWithoutTagging()));
        o.set("dropsWithTagging", r.dropsWithTagging() == null ? null : drops(r.dropsWithTagging()));
        o.set("queues", Json.mapper().valueToTree(r.queues()));
        o.set("dropCauses", Json.mapper().valueToTree(r.dropCauses()));
        o.set("thresholdCollapses", Json.mapper().valueToTree(r.collapses()));
        o.put("wallSeconds", Math.round(r.wallSeconds() * 100) / 100.0);
        return o;
    }

    private static ObjectNode drops(DropComparison d) {
        ObjectNode o = Json.mapper().valueToTree(d);
        o.put("droppedInEither", d.droppedInEither());
        o.put("error", d.error());
        return o;
    }
}
