package org.sonde.inject.config;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.Units;

/** The {@code type} of an event and its settings, as RoCE and TCP tests write them. */
public final class EventActions {
    private EventActions() {}

    /**
     * The action of event {@code e}: {@code drop}, {@code ecn}, {@code corrupt} (Lumina:
     * {@code bit-error}), {@code delay} (with {@code delay}), {@code reorder} (with
     * {@code after-packets} and/or {@code hold}), {@code duplicate} (with {@code copies}) or
     * {@code rewrite} (with {@code set}, of the {@code fields} this transport has).
     */
    public static EventAction parse(ConfigMap e, Set<HeaderField> fields) {
        if (!e.has("type")) throw new ConfigException(e.pathOf("type"), "is required: drop, ecn, corrupt, delay, reorder, duplicate or rewrite");
        String type = e.string("type", null).strip().toLowerCase(Locale.ROOT);
        return switch (type) {
            case "drop" -> new EventAction.Drop();
            case "ecn" -> new EventAction.MarkEcn();
            case "corrupt", "bit-error", "bit_error" -> new EventAction.Corrupt();
            case "delay" -> {
                if (!e.has("delay")) throw new ConfigException(e.pathOf("delay"), "is required for type delay, e.g. 20us");
                yield new EventAction.Delay(e.nanos("delay", 0, 1, 10_000_000_000L));
            }
            case "reorder" -> {
                if (!e.has("after-packets") && !e.has("hold")) {
                    throw new ConfigException(e.path(), "reorder needs after-packets (release after that many later packets) and/or hold (a time)");
                }
                yield new EventAction.Reorder((int) e.integer("after-packets", 0, 1, 1_000_000), e.nanos("hold", 0, 1, 10_000_000_000L));
            }
            case "duplicate" -> new EventAction.Duplicate((int) e.integer("copies", 1, 1, 64));
            case "rewrite" -> rewrite(e.section("set"), fields);
            default -> throw new ConfigException(e.pathOf("type"), "'" + type
                    + "' is not drop, ecn, corrupt (Lumina: bit-error), delay, reorder, duplicate or rewrite");
        };
    }

    private static EventAction rewrite(ConfigMap set, Set<HeaderField> allowed) {
        Map<HeaderField, Integer> values = new EnumMap<>(HeaderField.class);
        for (HeaderField f : allowed) {
            Object v = set.raw(f.yamlName());
            if (v == null) continue;
            long x = v instanceof Boolean b ? (b ? 1 : 0) : set.integer(f.yamlName(), 0, 0, f.maxValue);
            values.put(f, (int) x);
        }
        set.finish();
        if (values.isEmpty()) {
            throw new ConfigException(set.path(), "rewrite needs fields to set, e.g. set: {" + allowed.iterator().next().yamlName()
                    + ": 0}; fields: " + String.join(", ", allowed.stream().map(HeaderField::yamlName).toList()));
        }
        return new EventAction.Rewrite(values);
    }

    /** The action as the flow-mapping entries {@link #parse} reads back, e.g. {@code type: delay, delay: 20ms}. */
    public static String yaml(EventAction a) {
        return switch (a) {
            case EventAction.Drop _ -> "type: drop";
            case EventAction.MarkEcn _ -> "type: ecn";
            case EventAction.Corrupt _ -> "type: corrupt";
            case EventAction.Delay d -> "type: delay, delay: " + Units.formatNanos(d.nanos());
            case EventAction.Reorder r -> "type: reorder" + (r.afterPackets() > 0 ? ", after-packets: " + r.afterPackets() : "")
                    + (r.holdNanos() > 0 ? ", hold: " + Units.formatNanos(r.holdNanos()) : "");
            case EventAction.Duplicate d -> "type: duplicate, copies: " + d.copies();
            case EventAction.Rewrite r -> {
                StringBuilder s = new StringBuilder("type: rewrite, set: {");
                String sep = "";
                for (Map.Entry<HeaderField, Integer> f : new java.util.TreeMap<>(r.fields()).entrySet()) {
                    s.append(sep).append(f.getKey().yamlName()).append(": ").append(f.getValue());
                    sep = ", ";
                }
                yield s.append('}').toString();
            }
        };
    }
}
