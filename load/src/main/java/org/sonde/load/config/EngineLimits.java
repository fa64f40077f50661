package org.sonde.load.config;

import java.util.Map;

/**
 * dperf keywords that configure DPDK, the NIC or dperf's own packet path, with why each engine
 * rejects them: a file naming one is refused with the reason for the engine it selects and what to
 * do instead, rather than silently ignored. The kernel engine runs on the kernel's sockets, where
 * the frames, windows and MTU are the kernel's; the user-space engine builds its own frames, so it
 * gives most of them their dperf meaning ({@link Keywords#USERSPACE}) and rejects only what needs
 * DPDK or dperf's own process model.
 */
final class EngineLimits {
    private EngineLimits() {}

    private static final String SIMD512 = "it selects AVX-512 code in dperf's packet path, which Sonde does not have. Delete the line";
    private static final String DAEMON = "Sonde runs in the foreground and logs to standard error; run it under nohup or a service manager. Delete the line";
    private static final String LOG_LEVEL = "Sonde writes its messages to standard error, not /var/log/dperf. Delete the line";

    /** Keywords the kernel-socket engine rejects. */
    static final Map<String, String> KERNEL = Map.ofEntries(
            Map.entry("port", "it binds a DPDK NIC by PCI address; Sonde sends through the kernel's sockets and routing table."
                    + " Delete the line; choose source addresses with 'client' and targets with 'server'; or add 'engine userspace',"
                    + " where 'port IFNAME IP GW' binds Sonde's user-space TCP to an interface"),
            Map.entry("socket_mem", "it sizes DPDK's hugepage memory; Sonde's connections live in the kernel and the JVM heap."
                    + " Delete the line (give the JVM memory with SONDE_JAVA_OPTS=-Xmx<size> if needed)"),
            Map.entry("rss", "it configures the NIC's receive-side scaling; the kernel spreads connections over Sonde's workers"
                    + " (one event loop per 'cpu', SO_REUSEPORT on servers). Delete the line"),
            Map.entry("flow_isolate", "it installs rte_flow rules on the NIC, which kernel sockets do not use. Delete the line"),
            Map.entry("vxlan", "dperf builds VXLAN headers in its packet templates; with kernel sockets create a VXLAN interface"
                    + " (ip link add ... type vxlan) and use its addresses in 'client' and 'server'; or add 'engine userspace',"
                    + " whose frames 'vxlan' carries in the tunnel"),
            Map.entry("vlan", "dperf tags frames itself; with kernel sockets create a VLAN interface"
                    + " (ip link add link DEV name DEV.ID type vlan id ID) and use its addresses; or add 'engine userspace', whose frames 'vlan' tags"),
            Map.entry("kni", "it passes unmatched packets from DPDK to a kernel interface; Sonde's kernel engine already is on the kernel's stack."
                    + " Delete the line, or add 'engine userspace', where 'kni' hands them to a TAP interface"),
            Map.entry("tx_burst", "it sets DPDK's transmit burst; the kernel batches transmissions itself. Delete the line"),
            Map.entry("jumbo", "the MTU belongs to the interface under kernel sockets: set it with ip link set dev DEV mtu N"
                    + " and delete the line; or add 'engine userspace', whose frames and MSS 'jumbo' sizes"),
            Map.entry("mss", "the kernel derives the MSS from the interface's MTU: set the MTU with ip link set dev DEV mtu N"
                    + " (or a route's advmss) and delete the line; or add 'engine userspace', whose SYNs announce the 'mss'"),
            Map.entry("tcp_rst", "the kernel answers segments for unknown sockets with RST by itself (drop them with an nftables rule instead)."
                    + " Delete the line, or add 'engine userspace', where 'tcp_rst 0' drops them"),
            Map.entry("neigh_ignore", "the kernel answers ARP for the addresses of its interfaces; for LVS-DR set the real server's"
                    + " arp_ignore=1 and arp_announce=2 (sysctl net.ipv4.conf.all) with the virtual address on lo, and delete the line;"
                    + " or add 'engine userspace', where 'neigh_ignore' answers only for the 'port' address"),
            Map.entry("simd512", SIMD512),
            Map.entry("disable_ack", "the kernel decides when to acknowledge (delayed ACKs); an application cannot suppress"
                    + " ACKs. Delete the line, or add 'engine userspace', where 'disable_ack' lets ACKs ride on the next request"),
            Map.entry("send_window", "the kernel's TCP windows pace large responses. Delete the line, or add 'engine userspace',"
                    + " whose server sends large responses in a window of 'send_window' segments"),
            Map.entry("daemon", DAEMON),
            Map.entry("log_level", LOG_LEVEL));

    /** Keywords the user-space engine rejects: what needs DPDK, a NIC or dperf's process model. */
    static final Map<String, String> USERSPACE = Map.ofEntries(
            Map.entry("socket_mem", "it sizes DPDK's hugepage memory; the user-space engine allocates its socket table off-heap at start"
                    + " (64 bytes per client address and port) and its rings per socket. Delete the line"),
            Map.entry("rss", "it configures a NIC's receive-side scaling; the user-space engine spreads connections over its workers"
                    + " with a PACKET_FANOUT group whose program hashes both directions alike (one worker per 'cpu'). Delete the line"),
            Map.entry("flow_isolate", "it installs rte_flow rules on a NIC; the user-space engine's raw sockets take every frame of the"
                    + " interface and the fanout program chooses the worker. Delete the line"),
            Map.entry("tx_burst", "it sets DPDK's transmit burst; the user-space engine hands its transmit ring to the kernel every"
                    + " 128 frames and at every loop turn. Delete the line"),
            Map.entry("simd512", SIMD512),
            Map.entry("daemon", DAEMON),
            Map.entry("log_level", LOG_LEVEL));
}
