package org.sonde.load.config;

import java.util.Map;

/**
 * dperf keywords that configure DPDK, the NIC or dperf's own packet path. Sonde's engine runs on
 * the kernel's sockets, where each has no meaning or belongs to the kernel; a file naming one is
 * rejected with the reason and what to do instead, rather than silently ignored.
 */
final class KernelEngineLimits {
    private KernelEngineLimits() {}

    static final Map<String, String> REJECTED = Map.ofEntries(
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
                    + " (ip link add link DEV name DEV.ID type vlan id ID) and use its addresses"),
            Map.entry("kni", "it passes unmatched packets from DPDK to a kernel interface; Sonde's kernel engine already is on the kernel's stack."
                    + " Delete the line, or add 'engine userspace', where 'kni' hands them to a TAP interface"),
            Map.entry("tx_burst", "it sets DPDK's transmit burst; the kernel batches transmissions itself. Delete the line"),
            Map.entry("jumbo", "the MTU belongs to the interface under kernel sockets: set it with ip link set dev DEV mtu N"
                    + " and delete the line"),
            Map.entry("mss", "the kernel derives the MSS from the interface's MTU: set the MTU with ip link set dev DEV mtu N"
                    + " (or a route's advmss) and delete the line; or add 'engine userspace', whose SYNs announce the 'mss'"),
            Map.entry("tcp_rst", "the kernel answers segments for unknown sockets with RST by itself. Delete the line"),
            Map.entry("neigh_ignore", "it skips neighbour resolution for LVS-DR; the kernel resolves neighbours. Delete the line"),
            Map.entry("simd512", "it selects AVX-512 code in dperf's packet path, which Sonde does not have. Delete the line"),
            Map.entry("disable_ack", "the kernel decides when to acknowledge (delayed ACKs); an application cannot suppress"
                    + " ACKs. Delete the line"),
            Map.entry("send_window", "the kernel's TCP windows pace large responses. Delete the line"),
            Map.entry("change_dip", "it steps the destination address of flood packets through a pool; Sonde's flood (UDP) already"
                    + " sends to the 'server' addresses in turn: list them with 'server IP N' instead"),
            Map.entry("daemon", "Sonde runs in the foreground and logs to standard error; run it under nohup or a service"
                    + " manager. Delete the line"),
            Map.entry("log_level", "Sonde writes its messages to standard error, not /var/log/dperf. Delete the line"));
}
