package org.sonde.load.config;

/**
 * The user-space engine's dperf keywords about its own frames and TCP, with their defaults filled in.
 *
 * @param tcpRst     answer segments for no socket with RST (dperf's {@code tcp_rst}, default on); off: drop them, counted as tcpDrop
 * @param vlan       the 802.1Q VLAN ID every frame carries and every received frame must carry (dperf's {@code vlan}), or 0 for none
 * @param mtu        the link's MTU the engine's frames and MSS are sized for: 1500, or dperf's {@code jumbo} MTU (9000-9710)
 * @param sendWindow the server's window, in segments, for responses longer than one segment (dperf's {@code send_window}, 2-16, default 4)
 * @param disableAck the client sends no pure ACK of a response; it rides on the next request or the FIN (dperf's {@code disable_ack})
 * @param neighIgnore ARP requests and neighbour solicitations are answered for the port's own address only, not for the
 *                    client or server addresses (dperf's {@code neigh_ignore}): in LVS-DR the load balancer holds the
 *                    virtual address the real servers also serve, and only it may answer for it
 */
public record UserspaceOptions(boolean tcpRst, int vlan, int mtu, int sendWindow, boolean disableAck, boolean neighIgnore) {
    public static final int MTU = 1500;
    static final int JUMBO_MTU_MIN = 9000;
    public static final int JUMBO_MTU_MAX = 9710;
    static final int SEND_WINDOW_MIN = 2;
    static final int SEND_WINDOW_MAX = 16;
    public static final int SEND_WINDOW_DEFAULT = 4;
    static final int VLAN_MAX = 4094;
    /** The 802.1Q tag's length: what 'vlan' adds to every frame. */
    public static final int VLAN_TAG = 4;

    /** dperf's defaults. */
    static final UserspaceOptions DEFAULTS = new UserspaceOptions(true, 0, MTU, SEND_WINDOW_DEFAULT, false, false);

    /** The largest TCP payload of one segment at this MTU: the MTU less the IPv4 or IPv6 header and TCP's (dperf's MSS_JUMBO_IPV4/6). */
    public int mssMax(boolean ipv6) {
        return mtu - (ipv6 ? 40 : 20) - 20;
    }
}
