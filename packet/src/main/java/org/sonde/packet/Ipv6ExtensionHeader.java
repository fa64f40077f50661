package org.sonde.packet;

import java.util.Objects;

/**
 * An IPv6 hop-by-hop options (0), routing (43), destination options (60) or authentication (51)
 * header, kept raw. (Fragment headers are {@link Ipv6FragmentHeader}.)
 *
 * @param type       this header's protocol number (the previous header's next-header value)
 * @param nextHeader or {@link Header#AUTO}
 * @param data       the bytes after the next-header and length bytes; 2 + data must be a multiple of
 *                   8 bytes (of 4 for AH)
 */
public record Ipv6ExtensionHeader(int type, int nextHeader, ImmutableBytes data) implements Header {
    static final String LAYER = "IPv6 extension header";
    private static final int MIN_LENGTH = 8;

    public Ipv6ExtensionHeader {
        if (!IpProtocols.isIpv6Extension(type) || type == IpProtocols.FRAGMENT) {
            throw new IllegalArgumentException("not an IPv6 extension header kept raw: type " + type);
        }
        Bytes.checkBitsOrAuto("next header", nextHeader, 8);
        Objects.requireNonNull(data, "data");
        int len = 2 + data.length();
        if (type == IpProtocols.AUTHENTICATION_HEADER) {
            if (len % 4 != 0 || len < MIN_LENGTH || len > (255 + 2) * 4) {
                throw new IllegalArgumentException("AH length " + len + " is not a multiple of 4 in 8..1028");
            }
        } else if (len % 8 != 0 || len > (255 + 1) * 8) {
            throw new IllegalArgumentException("extension header length " + len + " is not a multiple of 8 in 8..2048");
        }
    }

    /**
     * The length in bytes of the extension header of {@code type} at {@code off}, checked to lie
     * before {@code end}. Shared by {@link PacketView}, {@link Icrc} and the record decoders.
     */
    static int checkedLength(int type, byte[] b, int off, int end, int errBase) {
        DecodeException.require(LAYER, off, end, MIN_LENGTH, errBase);
        int len = switch (type) {
            case IpProtocols.FRAGMENT -> Ipv6FragmentHeader.LENGTH;
            case IpProtocols.AUTHENTICATION_HEADER -> (Bytes.u8(b, off + 1) + 2) * 4;
            default -> (Bytes.u8(b, off + 1) + 1) * 8;
        };
        if (len > end - off) {
            throw new DecodeException(LAYER, off - errBase,
                    "length " + len + " of header type " + type + " exceeds the " + (end - off) + " bytes left");
        }
        return len;
    }

    /** Decodes an extension header of {@code type} (the previous header's next-header value). */
    public static Ipv6ExtensionHeader decode(int type, byte[] b, int off, int len) {
        if (type == IpProtocols.FRAGMENT || !IpProtocols.isIpv6Extension(type)) {
            throw new DecodeException(LAYER, off, "type " + type + " is not a raw extension header");
        }
        int n = checkedLength(type, b, off, off + len, 0);
        return new Ipv6ExtensionHeader(type, Bytes.u8(b, off), ImmutableBytes.copyOf(b, off + 2, n - 2));
    }

    /** Decodes whichever extension header record {@code type} calls for. */
    static Header decodeAny(int type, byte[] b, int off, int len) {
        return type == IpProtocols.FRAGMENT ? Ipv6FragmentHeader.decode(b, off, len) : decode(type, b, off, len);
    }

    @Override
    public int length() {
        return 2 + data.length();
    }

    @Override
    public int encode(byte[] b, int off) {
        int len = length();
        Bytes.put8(b, off, nextHeader == AUTO ? 0 : nextHeader);
        Bytes.put8(b, off + 1, type == IpProtocols.AUTHENTICATION_HEADER ? len / 4 - 2 : len / 8 - 1);
        data.writeTo(b, off + 2);
        return len;
    }

    public Ipv6ExtensionHeader withNextHeader(int v) {
        return new Ipv6ExtensionHeader(type, v, data);
    }
}
