package org.sonde.packet;

/** IP protocol / IPv6 next-header numbers this module knows (IANA registry). */
public final class IpProtocols {
    public static final int HOP_BY_HOP = 0;
    public static final int ICMP = 1;
    public static final int TCP = 6;
    public static final int UDP = 17;
    public static final int ROUTING = 43;
    public static final int FRAGMENT = 44;
    public static final int ESP = 50;
    public static final int AUTHENTICATION_HEADER = 51;
    public static final int ICMPV6 = 58;
    public static final int NO_NEXT_HEADER = 59;
    public static final int DESTINATION_OPTIONS = 60;

    private IpProtocols() {}

    /** True for the IPv6 extension headers that {@link PacketView} skips to reach the upper layer. */
    public static boolean isIpv6Extension(int nextHeader) {
        return nextHeader == HOP_BY_HOP || nextHeader == ROUTING || nextHeader == FRAGMENT
                || nextHeader == DESTINATION_OPTIONS || nextHeader == AUTHENTICATION_HEADER;
    }
}
