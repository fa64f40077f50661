package org.sonde.dataplane.model;

import java.util.Set;

/** How a port carries VLANs. */
public sealed interface SwitchportMode {
    /** Untagged port in one VLAN. */
    record Access(int vlanId) implements SwitchportMode {
        public Access {
            Vlans.check(vlanId, "access port");
        }
    }

    /** Tagged port carrying {@code allowedVlanIds}; untagged packets belong to {@code nativeVlanId}. */
    record Trunk(Set<Integer> allowedVlanIds, int nativeVlanId) implements SwitchportMode {
        public Trunk {
            allowedVlanIds = Set.copyOf(Invalid.requireNonNull(allowedVlanIds, "trunk port", "allowed VLANs"));
            allowedVlanIds.forEach(v -> Vlans.check(v, "trunk port allowed VLANs"));
            Vlans.check(nativeVlanId, "trunk port native VLAN");
        }
    }
}
