package org.sonde.packet;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A whole frame as records: the headers in wire order (a VXLAN packet lists the outer headers, the
 * VXLAN header, then the inner frame's headers), the application payload, then the trailers in wire
 * order ({@link Padding} for RoCEv2 pad bytes, {@link Icrc}, {@link Padding} after a UDP length or IP
 * datagram). {@link #encode()} writes exactly these bytes, so {@code decode(f).encode()} equals
 * {@code f}.
 *
 * <p>Build new packets with {@link PacketBuilder}, which computes lengths, checksums and the ICRC.
 */
public record Packet(List<Header> headers, ImmutableBytes payload, List<Header> trailers) {

    public Packet {
        headers = List.copyOf(headers);
        Objects.requireNonNull(payload, "payload");
        trailers = List.copyOf(trailers);
    }

    public static PacketBuilder builder() {
        return new PacketBuilder();
    }

    /** Decodes an Ethernet frame; throws {@link DecodeException} as {@link PacketView#dissect} does. */
    public static Packet decode(byte[] frame) {
        return decode(frame, 0, frame.length);
    }

    /** Decodes the Ethernet frame of {@code length} bytes at {@code offset}; error offsets are from the frame start. */
    public static Packet decode(byte[] frame, int offset, int length) {
        PacketView outer = new PacketView();
        outer.dissect(frame, offset, length);
        List<PacketView> levels = new ArrayList<>();
        for (PacketView v = outer; v != null; v = v.inner()) levels.add(v);

        List<Header> headers = new ArrayList<>();
        for (PacketView v : levels) appendHeaders(v, frame, headers);

        PacketView innermost = levels.getLast();
        int cursor = innermost.payloadOffset() + innermost.payloadLength();
        ImmutableBytes payload = ImmutableBytes.copyOf(frame, innermost.payloadOffset(), innermost.payloadLength());

        // Trailers nest: the innermost frame's end comes first on the wire.
        List<Header> trailers = new ArrayList<>();
        for (PacketView v : levels.reversed()) {
            if (v.hasIcrc()) {
                cursor = pad(frame, cursor, v.icrcOffset(), trailers);
                trailers.add(Icrc.decode(frame, cursor, Icrc.LENGTH));
                cursor += Icrc.LENGTH;
            }
            if (v.l4End() >= 0) cursor = pad(frame, cursor, v.l4End(), trailers);
            if (v.ipEnd() >= 0) cursor = pad(frame, cursor, v.ipEnd(), trailers);
            cursor = pad(frame, cursor, v.frameOffset() + v.frameLength(), trailers);
        }
        return new Packet(headers, payload, trailers);
    }

    private static int pad(byte[] frame, int from, int to, List<Header> trailers) {
        if (to > from) trailers.add(Padding.decode(frame, from, to - from));
        return Math.max(from, to);
    }

    /** The headers of one frame level, decoded by the records at the offsets the view found. */
    private static void appendHeaders(PacketView v, byte[] f, List<Header> out) {
        int frameEnd = v.frameOffset() + v.frameLength();
        out.add(EthernetHeader.decode(f, v.frameOffset(), v.frameLength()));
        for (int i = 0; i < v.vlanCount(); i++) {
            int o = v.vlanOffset() + i * VlanTag.LENGTH;
            out.add(VlanTag.decode(f, o, frameEnd - o));
        }
        int ip = v.ipOffset();
        if (v.isIpv4()) {
            out.add(Ipv4Header.decode(f, ip, frameEnd - ip));
        } else if (v.isIpv6()) {
            out.add(Ipv6Header.decode(f, ip, frameEnd - ip));
            int next = Bytes.u8(f, ip + Ipv6Header.OFF_NEXT_HEADER);
            int upper = v.ipPayloadOffset();
            for (int q = ip + Ipv6Header.LENGTH; q < upper; ) {
                Header h = Ipv6ExtensionHeader.decodeAny(next, f, q, v.ipEnd() - q);
                next = Bytes.u8(f, q);
                q += h.length();
                out.add(h);
            }
        }
        int l4 = v.l4Offset();
        if (l4 >= 0) {
            int len = v.ipEnd() - l4;
            out.add(v.isTcp() ? TcpHeader.decode(f, l4, len)
                    : v.isUdp() ? UdpHeader.decode(f, l4, len)
                    : IcmpHeader.decode(f, l4, len));
        }
        if (v.isVxlan()) out.add(VxlanHeader.decode(f, v.vxlanOffset(), VxlanHeader.LENGTH));
        if (v.isRoce()) {
            out.add(Bth.decode(f, v.bthOffset(), Bth.LENGTH));
            RoceOpcode op = RoceOpcode.fromCode(v.bthOpcode());
            if (op != null) {
                for (RoceExtensionHeader h : op.extensionHeaders()) {
                    out.add(h.decode(f, v.roceHeaderOffset(h), h.lengthBytes()));
                }
            }
        }
    }

    /** The frame's bytes. */
    public byte[] encode() {
        byte[] b = new byte[length()];
        encode(b, 0);
        return b;
    }

    /** Writes the frame at {@code off}; returns the number of bytes written. */
    public int encode(byte[] b, int off) {
        int p = off;
        for (Header h : headers) p += h.encode(b, p);
        p += payload.writeTo(b, p);
        for (Header h : trailers) p += h.encode(b, p);
        return p - off;
    }

    /** Frame length in bytes. */
    public int length() {
        int n = payload.length();
        for (Header h : headers) n += h.length();
        for (Header h : trailers) n += h.length();
        return n;
    }

    /** The first header of the given type, e.g. {@code packet.first(Bth.class)}. */
    public <T extends Header> Optional<T> first(Class<T> type) {
        return headers.stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    /** The ICRC trailer of a RoCEv2 packet, if present. */
    public Optional<Icrc> icrc() {
        return trailers.stream().filter(Icrc.class::isInstance).map(Icrc.class::cast).findFirst();
    }
}
