package org.sonde.dataplane.model;

import java.util.Set;

/** A MAC table entry of one device: frames in {@code vlanId} to {@code mac} leave by these ports. */
public record MacEntry(String deviceId, int vlanId, long mac, Set<Integer> portIds) {
    /** MAC addresses have 48 bits. */
    public static final long MAX_MAC = (1L << 48) - 1;

    public MacEntry {
        Invalid.requireId(deviceId, "MAC entry");
        String where = "MAC entry " + MacEntry.format(mac) + " in VLAN " + vlanId + " of device " + deviceId;
        Vlans.check(vlanId, where);
        if (mac < 0 || mac > MAX_MAC) throw Invalid.at(where, "MAC address has more than 48 bits");
        portIds = Set.copyOf(Invalid.requireNonNull(portIds, where, "ports"));
        if (portIds.isEmpty()) throw Invalid.at(where, "expected at least one port");
    }

    /** {@code mac} as {@code aa:bb:cc:dd:ee:ff}. */
    public static String format(long mac) {
        StringBuilder sb = new StringBuilder();
        for (int shift = 40; shift >= 0; shift -= 8) {
            if (sb.length() > 0) sb.append(':');
            sb.append(String.format("%02x", (mac >>> shift) & 0xff));
        }
        return sb.toString();
    }
}
