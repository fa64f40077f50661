package org.sonde.dataplane.model;

import java.util.List;

/**
 * What a rule does to a matching packet. A rule's actions run in order: header changes first,
 * then exactly one terminal {@link Forward} or {@link Drop}.
 */
public sealed interface Action {
    /** Whether this action ends the action list. */
    default boolean terminal() {
        return false;
    }

    /** Send the packet out of every listed port (several ports: a copy per port). */
    record Forward(List<Integer> portIds) implements Action {
        public Forward {
            portIds = List.copyOf(Invalid.requireNonNull(portIds, "forward action", "ports"));
            if (portIds.isEmpty()) throw Invalid.at("forward action", "expected at least one port (use drop for none)");
            if (portIds.stream().distinct().count() != portIds.size())
                throw Invalid.at("forward action", "duplicate port in " + portIds);
        }

        @Override
        public boolean terminal() {
            return true;
        }
    }

    /** Discard the packet. */
    record Drop() implements Action {
        @Override
        public boolean terminal() {
            return true;
        }
    }

    /** Set the bits of {@code field} selected by {@code mask} to those of {@code value}. */
    record SetField(String field, long value, long mask) implements Action {
        public SetField {
            Invalid.requireId(field, "set-field action");
            if (mask == 0) throw Invalid.at("set-field action on " + field, "mask selects no bit");
            if ((value & ~mask) != 0) throw Invalid.at("set-field action on " + field, "value has bits outside the mask");
        }
    }

    /** Push an 802.1Q tag carrying {@code vlanId}. */
    record PushVlan(int vlanId) implements Action {
        public PushVlan {
            Vlans.check(vlanId, "push-vlan action");
        }
    }

    /** Pop the outer 802.1Q tag. */
    record PopVlan() implements Action {}

    /** Replace the VLAN id of the outer tag. */
    record SetVlan(int vlanId) implements Action {
        public SetVlan {
            Vlans.check(vlanId, "set-vlan action");
        }
    }
}
