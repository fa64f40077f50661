package org.sonde.capture;

/**
 * Which way a packet crossed its capture interface: pcapng's {@code epb_flags} bits 0-1, what Wireshark shows as
 * {@code frame.packet_flags_direction}. A capture of several hosts' interfaces holds each packet twice, leaving its
 * sender and reaching its receiver; the direction says which copy is which.
 */
public enum PacketDirection {
    /** Not recorded (pcap, pcapng without {@code epb_flags}, or the flags' reserved value 3). */
    UNKNOWN,
    /** Received on the interface. */
    INBOUND,
    /** Sent from the interface. */
    OUTBOUND;

    /** The value of {@code epb_flags} bits 0-1. */
    int flagBits() {
        return ordinal();
    }

    /** The direction bits 0-1 of an {@code epb_flags} value give. */
    static PacketDirection ofFlags(long flags) {
        int bits = (int) (flags & 3);
        return bits == 3 ? UNKNOWN : values()[bits];
    }
}
