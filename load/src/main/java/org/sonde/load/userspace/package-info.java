/**
 * The user-space engine ({@code engine userspace}): dperf's stop-and-wait TCP in Java on AF_PACKET
 * raw sockets, with dperf's preallocated table of 64-byte sockets ({@link org.sonde.load.userspace.SocketTable})
 * over IPv4 or IPv6 ({@link org.sonde.load.userspace.Prefixes}: the socket keeps 32 bits of an
 * address, the rest is one prefix per side), with ARP and neighbour discovery answered in Java. {@link org.sonde.load.userspace.UserspaceEngine} makes the workers, one
 * per configured CPU, each with its own socket, in a fanout group (two or more workers) whose program
 * ({@link org.sonde.load.userspace.FlowHash}) brings both directions of a connection to the worker
 * that owns it; with {@code vxlan}, a {@link org.sonde.load.userspace.Tunnel} wraps every frame in
 * outer IPv4/UDP/VXLAN headers and strips them from what arrives; with {@code kni}, {@link org.sonde.load.userspace.Kni} hands the kernel, through a
 * TAP interface, the frames that are not the engine's; with {@code vlan}, {@link org.sonde.load.userspace.Vlan} tags
 * and untags every frame. dperf's {@code jumbo} sizes the rings' slots and the MSS, {@code tcp_rst} and
 * {@code disable_ack} what the stacks answer, and {@code send_window} the window in which the
 * {@link org.sonde.load.userspace.ServerStack} sends a response longer than one segment (the only
 * departure from stop-and-wait, with NewReno's recovery). {@link org.sonde.load.engine.LoadRun} drives
 * the workers, so the timeline and statistics are those of the kernel engine.
 *
 * <p>Unlike a DPDK port, the interface stays the kernel's: its namespace's IP stack also routes and drops every frame
 * the packet sockets took, about half of the receive softirq's CPU in BENCHMARKS.md's profile. An nftables netdev ingress
 * chain that drops everything on the port (it runs after the packet sockets' taps) saves it, as
 * {@code bench/load-userspace.sh} does; the engine leaves the port's configuration to its user.
 */
package org.sonde.load.userspace;
