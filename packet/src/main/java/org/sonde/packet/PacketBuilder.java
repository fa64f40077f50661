package org.sonde.packet;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Composes headers and a payload into a {@link Packet}, filling every {@link Header#AUTO} field from
 * the whole packet:
 * <ul>
 *   <li>EtherTypes and IP protocol / next-header values from the header that follows;</li>
 *   <li>the BTH pad count (payload padded to a multiple of 4 bytes with zeros);</li>
 *   <li>IPv4 total length, IPv6 payload length, UDP length, TCP data offset;</li>
 *   <li>IPv4 header checksum, TCP/UDP/ICMP/ICMPv6 checksums with their pseudo headers, innermost
 *       first so that an outer UDP checksum covers the final inner bytes;</li>
 *   <li>the RoCEv2 ICRC, appended after the payload when there is a {@link Bth}, unless
 *       {@link #icrc(int)} overrides it.</li>
 * </ul>
 * Fields given explicitly are kept as given, so that malformed packets can be built on purpose.
 *
 * <pre>{@code
 * byte[] frame = Packet.builder()
 *     .add(EthernetHeader.of(dstMac, srcMac))
 *     .add(Ipv4Header.builder(src, dst).ecn(1).build())
 *     .add(UdpHeader.of(49152, WellKnownPorts.ROCE_V2))
 *     .add(Bth.builder(RoceOpcode.RC_SEND_ONLY, 0x11, 0).build())
 *     .payload(data)
 *     .build().encode();
 * }</pre>
 */
public final class PacketBuilder {
    private final List<Header> headers = new ArrayList<>();
    private ImmutableBytes payload = ImmutableBytes.EMPTY;
    private boolean icrcOverridden;
    private int icrcOverride;
    private int minimumFrameLength;

    /** Appends headers in wire order; the first must be an {@link EthernetHeader}. Trailers ({@link Padding}, {@link Icrc}) are not accepted. */
    public PacketBuilder add(Header... hs) {
        for (Header h : hs) {
            Objects.requireNonNull(h, "header");
            if (h instanceof Padding || h instanceof Icrc) {
                throw new IllegalArgumentException(h.getClass().getSimpleName()
                        + " is a trailer the builder adds itself; use minimumFrameLength() or icrc()");
            }
            headers.add(h);
        }
        return this;
    }

    public PacketBuilder payload(byte[] bytes) {
        return payload(ImmutableBytes.of(bytes));
    }

    public PacketBuilder payload(ImmutableBytes bytes) {
        payload = Objects.requireNonNull(bytes, "payload");
        return this;
    }

    /** Stores {@code value} as the ICRC instead of the computed one (to build a corrupt packet). */
    public PacketBuilder icrc(int value) {
        icrcOverridden = true;
        icrcOverride = value;
        return this;
    }

    /** Pads the frame with zeros to at least this many bytes (60 for Ethernet without FCS); default 0. */
    public PacketBuilder minimumFrameLength(int bytes) {
        if (bytes < 0) throw new IllegalArgumentException("minimum frame length " + bytes + " is negative");
        minimumFrameLength = bytes;
        return this;
    }

    public Packet build() {
        if (headers.isEmpty() || !(headers.getFirst() instanceof EthernetHeader)) {
            throw new IllegalArgumentException("a packet starts with an EthernetHeader");
        }
        if (headers.stream().filter(Bth.class::isInstance).count() > 1) {
            throw new IllegalArgumentException("a packet holds at most one BTH");
        }
        List<Header> hs = new ArrayList<>(headers);
        int n = hs.size();
        for (int i = 0; i < n; i++) {
            hs.set(i, resolveTypes(hs, i));
            if (hs.get(i) instanceof Bth b && b.padCount() == Header.AUTO) {
                hs.set(i, b.withPadCount(-payload.length() & 3)); // pad the payload to a multiple of 4
            }
        }

        Bth bth = hs.stream().filter(Bth.class::isInstance).map(Bth.class::cast).findFirst().orElse(null);
        int pad = bth != null ? bth.padCount() : 0;
        int trailerBytes = bth != null ? pad + Icrc.LENGTH : 0;

        int[] bytesFrom = new int[n + 1];
        bytesFrom[n] = payload.length() + trailerBytes;
        for (int i = n - 1; i >= 0; i--) bytesFrom[i] = bytesFrom[i + 1] + hs.get(i).length();
        for (int i = 0; i < n; i++) hs.set(i, resolveLength(hs.get(i), bytesFrom[i]));

        int total = bytesFrom[0];
        byte[] f = new byte[Math.max(total, minimumFrameLength)];
        int[] off = new int[n];
        int p = 0;
        for (int i = 0; i < n; i++) {
            off[i] = p;
            p += hs.get(i).encode(f, p);
        }
        payload.writeTo(f, p);

        int icrcOffset = total - Icrc.LENGTH;
        int icrcValue = 0;
        for (int i = n - 1; i >= 0; i--) { // innermost first: outer checksums cover inner results
            Header h = hs.get(i);
            switch (h) {
                case Bth b -> {
                    int ip = requireIp(hs, i, "BTH");
                    icrcValue = icrcOverridden ? icrcOverride : Icrc.compute(f, off[ip], icrcOffset);
                    Icrc.write(f, icrcOffset, icrcValue);
                }
                case TcpHeader t when t.checksum() == Header.AUTO ->
                        hs.set(i, t.withChecksum(transportChecksum(hs, off, f, i, IpProtocols.TCP, -1)));
                case UdpHeader u when u.checksum() == Header.AUTO ->
                        hs.set(i, u.withChecksum(transportChecksum(hs, off, f, i, IpProtocols.UDP, u.udpLength())));
                case IcmpHeader c when c.checksum() == Header.AUTO -> {
                    int protocol = hs.get(requireIp(hs, i, "ICMP")) instanceof Ipv4Header ? IpProtocols.ICMP : IpProtocols.ICMPV6;
                    hs.set(i, c.withChecksum(transportChecksum(hs, off, f, i, protocol, -1)));
                }
                case Ipv4Header ip when ip.headerChecksum() == Header.AUTO ->
                        hs.set(i, ip.withHeaderChecksum(Bytes.u16(f, off[i] + Ipv4Header.OFF_CHECKSUM)));
                default -> { }
            }
        }

        List<Header> trailers = new ArrayList<>();
        if (bth != null) {
            if (pad > 0) trailers.add(Padding.zeros(pad));
            trailers.add(new Icrc(icrcValue));
        }
        if (f.length > total) trailers.add(Padding.zeros(f.length - total));
        return new Packet(hs, payload, trailers);
    }

    private static Header resolveTypes(List<Header> hs, int i) {
        Header next = i + 1 < hs.size() ? hs.get(i + 1) : null;
        return switch (hs.get(i)) {
            case EthernetHeader e when e.etherType() == Header.AUTO -> e.withEtherType(etherTypeOf(next));
            case VlanTag v when v.etherType() == Header.AUTO -> v.withEtherType(etherTypeOf(next));
            case Ipv4Header ip when ip.protocol() == Header.AUTO -> ip.withProtocol(protocolOf(next, 4));
            case Ipv6Header ip when ip.nextHeader() == Header.AUTO -> ip.withNextHeader(protocolOf(next, 6));
            case Ipv6ExtensionHeader x when x.nextHeader() == Header.AUTO -> x.withNextHeader(protocolOf(next, 6));
            case Ipv6FragmentHeader x when x.nextHeader() == Header.AUTO -> x.withNextHeader(protocolOf(next, 6));
            default -> hs.get(i);
        };
    }

    private static int etherTypeOf(Header next) {
        return switch (next) {
            case VlanTag v -> EtherTypes.VLAN;
            case Ipv4Header ip -> EtherTypes.IPV4;
            case Ipv6Header ip -> EtherTypes.IPV6;
            case null, default -> throw new IllegalArgumentException(
                    "cannot infer the EtherType before " + name(next) + "; set it explicitly");
        };
    }

    private static int protocolOf(Header next, int ipVersion) {
        return switch (next) {
            case TcpHeader t -> IpProtocols.TCP;
            case UdpHeader u -> IpProtocols.UDP;
            case IcmpHeader c -> ipVersion == 4 ? IpProtocols.ICMP : IpProtocols.ICMPV6;
            case Ipv6ExtensionHeader x -> x.type();
            case Ipv6FragmentHeader x -> IpProtocols.FRAGMENT;
            case null -> {
                if (ipVersion == 6) yield IpProtocols.NO_NEXT_HEADER;
                throw new IllegalArgumentException("cannot infer the IPv4 protocol of an empty datagram; set it explicitly");
            }
            default -> throw new IllegalArgumentException(
                    "cannot infer the IP protocol before " + name(next) + "; set it explicitly");
        };
    }

    private static String name(Header h) {
        return h == null ? "the payload" : h.getClass().getSimpleName();
    }

    private static Header resolveLength(Header h, int bytesFromHere) {
        return switch (h) {
            case Ipv4Header ip when ip.totalLength() == Header.AUTO -> ip.withTotalLength(fit16("IPv4 total length", bytesFromHere));
            case Ipv6Header ip when ip.payloadLength() == Header.AUTO ->
                    ip.withPayloadLength(fit16("IPv6 payload length", bytesFromHere - Ipv6Header.LENGTH));
            case UdpHeader u when u.udpLength() == Header.AUTO -> u.withUdpLength(fit16("UDP length", bytesFromHere));
            case TcpHeader t when t.dataOffset() == Header.AUTO -> t.toBuilder().dataOffset(t.length() / 4).build();
            default -> h;
        };
    }

    private static int fit16(String what, int value) {
        if (value > 0xFFFF) throw new IllegalArgumentException(what + " " + value + " exceeds 65535");
        return value;
    }

    /** Index of the nearest IP header before {@code i}. */
    private static int requireIp(List<Header> hs, int i, String what) {
        for (int j = i - 1; j >= 0; j--) {
            if (hs.get(j) instanceof Ipv4Header || hs.get(j) instanceof Ipv6Header) return j;
        }
        throw new IllegalArgumentException(what + " needs an IPv4 or IPv6 header before it");
    }

    /** Computes and stores the checksum of the transport header at index {@code i}; {@code length} -1 = to the datagram end. */
    private static int transportChecksum(List<Header> hs, int[] off, byte[] f, int i, int protocol, int length) {
        int j = requireIp(hs, i, hs.get(i).getClass().getSimpleName());
        int datagramEnd = switch (hs.get(j)) {
            case Ipv4Header ip -> off[j] + ip.totalLength();
            case Ipv6Header ip -> off[j] + Ipv6Header.LENGTH + ip.payloadLength();
            default -> throw new IllegalStateException();
        };
        int end = length >= 0 ? off[i] + length : datagramEnd;
        // explicit (possibly wrong) lengths must not make the checksum read outside the frame
        int l4Length = Math.clamp(end - off[i], 0, f.length - off[i]);
        return Checksums.computeTransport(f, off[j], protocol, off[i], l4Length);
    }
}
