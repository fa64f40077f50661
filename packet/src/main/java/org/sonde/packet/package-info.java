/**
 * Wire formats of Sonde: Ethernet II, 802.1Q/802.1ad tags, IPv4, IPv6 (extension headers), ICMP,
 * ICMPv6, UDP, TCP (options), VXLAN and RoCEv2 (BTH, RETH, AETH, ImmDt, IETH, DETH, RDETH, atomic
 * headers, CNP, ICRC).
 *
 * <p>Two ways in:
 * <ul>
 *   <li>{@link org.sonde.packet.PacketView}: a reusable, allocation-free flyweight for hot paths
 *       (reading millions of packets from a capture);</li>
 *   <li>{@link org.sonde.packet.Packet}: immutable {@link org.sonde.packet.Header} records for
 *       building ({@link org.sonde.packet.PacketBuilder}) and inspecting whole packets.</li>
 * </ul>
 * Both use the same field offsets and structural checks (each record class holds its layout), so
 * they accept and reject the same frames. Decoders throw only
 * {@link org.sonde.packet.DecodeException}.
 */
package org.sonde.packet;
