package org.sonde.dataplane.model;

/** The switchport mode of one port. */
public record VlanMembership(int portId, SwitchportMode mode) {
    public VlanMembership {
        Invalid.requireNonNull(mode, "VLAN membership of port " + portId, "mode");
    }
}
