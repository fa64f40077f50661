package org.sonde.dataplane.model;

/** The valid range of 802.1Q VLAN ids, checked in one place. */
final class Vlans {
    static final int MAX_VLAN_ID = 4095;
    /** The header field VLAN actions act on. */
    static final String FIELD = "vlan";

    private Vlans() {}

    static int check(int vlanId, String where) {
        if (vlanId < 0 || vlanId > MAX_VLAN_ID) throw Invalid.at(where, "VLAN id " + vlanId + " is outside 0.." + MAX_VLAN_ID);
        return vlanId;
    }
}
