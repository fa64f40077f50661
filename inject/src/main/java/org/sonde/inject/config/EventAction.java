package org.sonde.inject.config;

import java.util.EnumMap;
import java.util.Map;
import org.sonde.inject.model.InjectedEvent;

/** What the injector does to a matched packet. Every action is deterministic. */
public sealed interface EventAction {
    /** The event code its mirrored copy carries in the TTL. */
    InjectedEvent event();

    record Drop() implements EventAction {
        public InjectedEvent event() {
            return InjectedEvent.DROP;
        }
    }

    /** Sets ECN to CE (11) whatever it was, as Lumina's {@code mark_ecn}. */
    record MarkEcn() implements EventAction {
        public InjectedEvent event() {
            return InjectedEvent.ECN;
        }
    }

    /** Flips the IPv4 identification after the sender computed the ICRC, so only the receiver's ICRC check fails. */
    record Corrupt() implements EventAction {
        public InjectedEvent event() {
            return InjectedEvent.CORRUPT;
        }
    }

    /** Forwards the packet {@code nanos} later than it arrived. */
    record Delay(long nanos) implements EventAction {
        public Delay {
            if (nanos <= 0) throw new IllegalArgumentException("a delay must be positive, got " + nanos + " ns");
        }

        public InjectedEvent event() {
            return InjectedEvent.DELAY;
        }
    }

    /**
     * Holds the packet back and forwards it after {@code afterPackets} later packets arrived on the same
     * ingress port, or {@code holdNanos} passed, whichever comes first (0 = that trigger is off; one must be on).
     */
    record Reorder(int afterPackets, long holdNanos) implements EventAction {
        public Reorder {
            if (afterPackets < 0 || holdNanos < 0 || afterPackets == 0 && holdNanos == 0) {
                throw new IllegalArgumentException("reorder needs after-packets ≥ 1 or a positive hold time");
            }
        }

        public InjectedEvent event() {
            return InjectedEvent.REORDER;
        }
    }

    /** Forwards the packet and {@code copies} identical copies right behind it. */
    record Duplicate(int copies) implements EventAction {
        public Duplicate {
            if (copies < 1) throw new IllegalArgumentException("duplicate needs at least one copy, got " + copies);
        }

        public InjectedEvent event() {
            return InjectedEvent.DUPLICATE;
        }
    }

    /** Sets header fields to fixed values (e.g. MigReq 0). */
    record Rewrite(Map<HeaderField, Integer> fields) implements EventAction {
        public Rewrite {
            if (fields.isEmpty()) throw new IllegalArgumentException("rewrite needs at least one field");
            for (var e : fields.entrySet()) {
                if (e.getValue() < 0 || e.getValue() > e.getKey().maxValue) {
                    throw new IllegalArgumentException(e.getKey().yamlName() + " holds 0.." + e.getKey().maxValue + ", got " + e.getValue());
                }
            }
            fields = Map.copyOf(new EnumMap<>(fields));
        }

        public InjectedEvent event() {
            return InjectedEvent.REWRITE;
        }
    }
}
