package org.sonde.capture;

/**
 * Link-layer header types (LINKTYPE_* values of the tcpdump.org registry) as stored in pcap and
 * pcapng files. Only common ones are named; any value 0..65535 may be read or written.
 */
public final class LinkTypes {
    private LinkTypes() {}

    /** BSD loopback: a 4-byte address family in host order. */
    public static final int NULL = 0;
    /** Ethernet II / IEEE 802.3. */
    public static final int ETHERNET = 1;
    public static final int PPP = 9;
    /** Raw IPv4 or IPv6, version taken from the first nibble. */
    public static final int RAW = 101;
    public static final int IEEE802_11 = 105;
    /** OpenBSD loopback: a 4-byte address family in network order. */
    public static final int LOOP = 108;
    /** Linux "cooked" capture (tcpdump -i any), version 1. */
    public static final int LINUX_SLL = 113;
    public static final int IEEE802_11_RADIOTAP = 127;
    public static final int IPV4 = 228;
    public static final int IPV6 = 229;
    /** Linux "cooked" capture, version 2. */
    public static final int LINUX_SLL2 = 276;

    /** A short name for messages, e.g. {@code "ETHERNET (1)"}; unnamed types give {@code "link type 147"}. */
    public static String describe(int linkType) {
        String name = switch (linkType) {
            case NULL -> "NULL";
            case ETHERNET -> "ETHERNET";
            case PPP -> "PPP";
            case RAW -> "RAW";
            case IEEE802_11 -> "IEEE802_11";
            case LOOP -> "LOOP";
            case LINUX_SLL -> "LINUX_SLL";
            case IEEE802_11_RADIOTAP -> "IEEE802_11_RADIOTAP";
            case IPV4 -> "IPV4";
            case IPV6 -> "IPV6";
            case LINUX_SLL2 -> "LINUX_SLL2";
            default -> null;
        };
        return name == null ? "link type " + linkType : name + " (" + linkType + ")";
    }
}
