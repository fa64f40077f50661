package org.sonde.packet;

import java.util.Objects;

/**
 * IPv4 header (RFC 791) with options kept as raw bytes. The header length (IHL) follows from the
 * options, which must be a multiple of 4 bytes, at most 40.
 *
 * @param dscp            differentiated services code point, 6 bits
 * @param ecn             explicit congestion notification, 2 bits (3 = CE)
 * @param totalLength     datagram length in bytes, or {@link Header#AUTO}
 * @param flags           3 bits: reserved, DF ({@link #FLAG_DONT_FRAGMENT}), MF ({@link #FLAG_MORE_FRAGMENTS})
 * @param fragmentOffset  in units of 8 bytes, 13 bits
 * @param protocol        upper-layer protocol, or {@link Header#AUTO}
 * @param headerChecksum  or {@link Header#AUTO} to compute
 */
public record Ipv4Header(int dscp, int ecn, int totalLength, int identification, int flags, int fragmentOffset,
                         int ttl, int protocol, int headerChecksum, Ipv4Address source, Ipv4Address destination,
                         ImmutableBytes options) implements Header {
    public static final int MIN_LENGTH = 20;
    public static final int MAX_LENGTH = 60;
    public static final int FLAG_DONT_FRAGMENT = 0b010;
    public static final int FLAG_MORE_FRAGMENTS = 0b001;
    static final int OFF_TOS = 1;
    static final int OFF_TOTAL_LENGTH = 2;
    static final int OFF_IDENTIFICATION = 4;
    static final int OFF_FLAGS_FRAGMENT = 6;
    static final int OFF_TTL = 8;
    static final int OFF_PROTOCOL = 9;
    static final int OFF_CHECKSUM = 10;
    static final int OFF_SOURCE = 12;
    static final int OFF_DESTINATION = 16;
    static final String LAYER = "IPv4";

    public Ipv4Header {
        Bytes.checkBits("DSCP", dscp, 6);
        Bytes.checkBits("ECN", ecn, 2);
        Bytes.checkBitsOrAuto("total length", totalLength, 16);
        Bytes.checkBits("identification", identification, 16);
        Bytes.checkBits("flags", flags, 3);
        Bytes.checkBits("fragment offset", fragmentOffset, 13);
        Bytes.checkBits("TTL", ttl, 8);
        Bytes.checkBitsOrAuto("protocol", protocol, 8);
        Bytes.checkBitsOrAuto("header checksum", headerChecksum, 16);
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(destination, "destination");
        Objects.requireNonNull(options, "options");
        if (options.length() % 4 != 0 || options.length() > MAX_LENGTH - MIN_LENGTH) {
            throw new IllegalArgumentException("IPv4 options must be a multiple of 4 bytes, at most 40; got " + options.length());
        }
    }

    /** Builder with defaults: TTL 64, DF set, everything computable left {@link Header#AUTO}. */
    public static Builder builder(Ipv4Address source, Ipv4Address destination) {
        return new Builder(source, destination);
    }

    public Builder toBuilder() {
        Builder b = new Builder(source, destination);
        b.dscp = dscp;
        b.ecn = ecn;
        b.totalLength = totalLength;
        b.identification = identification;
        b.flags = flags;
        b.fragmentOffset = fragmentOffset;
        b.ttl = ttl;
        b.protocol = protocol;
        b.headerChecksum = headerChecksum;
        b.options = options;
        return b;
    }

    /**
     * Validates the header at {@code off} (version, IHL, total length) against the bytes before
     * {@code end}; returns the header length in bytes.
     */
    static int checkedHeaderLength(byte[] b, int off, int end, int errBase) {
        DecodeException.require(LAYER, off, end, MIN_LENGTH, errBase);
        int version = (b[off] & 0xF0) >>> 4;
        if (version != 4) throw new DecodeException(LAYER, off - errBase, "version " + version + " is not 4");
        int ihl = b[off] & 0x0F;
        if (ihl < 5) {
            throw new DecodeException(LAYER, off - errBase, "header length " + ihl + " words is below the minimum 5");
        }
        int headerBytes = ihl * 4;
        if (headerBytes > end - off) {
            throw new DecodeException(LAYER, off - errBase,
                    "header length " + headerBytes + " bytes exceeds the " + (end - off) + " bytes left");
        }
        int total = Bytes.u16(b, off + OFF_TOTAL_LENGTH);
        if (total < headerBytes) {
            throw new DecodeException(LAYER, off + OFF_TOTAL_LENGTH - errBase,
                    "total length " + total + " is below the header length " + headerBytes);
        }
        return headerBytes;
    }

    public static Ipv4Header decode(byte[] b, int off, int len) {
        int headerBytes = checkedHeaderLength(b, off, off + len, 0);
        int tos = Bytes.u8(b, off + OFF_TOS);
        int ff = Bytes.u16(b, off + OFF_FLAGS_FRAGMENT);
        return new Ipv4Header(tos >>> 2, tos & 3, Bytes.u16(b, off + OFF_TOTAL_LENGTH),
                Bytes.u16(b, off + OFF_IDENTIFICATION), ff >>> 13, ff & 0x1FFF, Bytes.u8(b, off + OFF_TTL),
                Bytes.u8(b, off + OFF_PROTOCOL), Bytes.u16(b, off + OFF_CHECKSUM),
                Ipv4Address.read(b, off + OFF_SOURCE), Ipv4Address.read(b, off + OFF_DESTINATION),
                ImmutableBytes.copyOf(b, off + MIN_LENGTH, headerBytes - MIN_LENGTH));
    }

    @Override
    public int length() {
        return MIN_LENGTH + options.length();
    }

    /** Writes the header; an AUTO total length is the header length, an AUTO checksum is computed. */
    @Override
    public int encode(byte[] b, int off) {
        int len = length();
        Bytes.put8(b, off, 0x40 | len / 4);
        Bytes.put8(b, off + OFF_TOS, dscp << 2 | ecn);
        Bytes.put16(b, off + OFF_TOTAL_LENGTH, totalLength == AUTO ? len : totalLength);
        Bytes.put16(b, off + OFF_IDENTIFICATION, identification);
        Bytes.put16(b, off + OFF_FLAGS_FRAGMENT, flags << 13 | fragmentOffset);
        Bytes.put8(b, off + OFF_TTL, ttl);
        Bytes.put8(b, off + OFF_PROTOCOL, protocol == AUTO ? 0 : protocol);
        Bytes.put16(b, off + OFF_CHECKSUM, 0);
        source.write(b, off + OFF_SOURCE);
        destination.write(b, off + OFF_DESTINATION);
        options.writeTo(b, off + MIN_LENGTH);
        Bytes.put16(b, off + OFF_CHECKSUM,
                headerChecksum == AUTO ? Checksums.internetChecksum(b, off, len) : headerChecksum);
        return len;
    }

    public boolean dontFragment() {
        return (flags & FLAG_DONT_FRAGMENT) != 0;
    }

    public boolean moreFragments() {
        return (flags & FLAG_MORE_FRAGMENTS) != 0;
    }

    /** True when the header checksum, as stored, is right. */
    public boolean checksumValid() {
        return headerChecksum != AUTO && Checksums.verify(toBytes(), 0, length());
    }

    public Ipv4Header withTotalLength(int v) {
        return toBuilder().totalLength(v).build();
    }

    public Ipv4Header withProtocol(int v) {
        return toBuilder().protocol(v).build();
    }

    public Ipv4Header withHeaderChecksum(int v) {
        return toBuilder().headerChecksum(v).build();
    }

    /** Fluent construction of an {@link Ipv4Header}. */
    public static final class Builder {
        private int dscp;
        private int ecn;
        private int totalLength = AUTO;
        private int identification;
        private int flags = FLAG_DONT_FRAGMENT;
        private int fragmentOffset;
        private int ttl = 64;
        private int protocol = AUTO;
        private int headerChecksum = AUTO;
        private Ipv4Address source;
        private Ipv4Address destination;
        private ImmutableBytes options = ImmutableBytes.EMPTY;

        private Builder(Ipv4Address source, Ipv4Address destination) {
            this.source = source;
            this.destination = destination;
        }

        public Builder dscp(int v) { dscp = v; return this; }
        public Builder ecn(int v) { ecn = v; return this; }
        public Builder totalLength(int v) { totalLength = v; return this; }
        public Builder identification(int v) { identification = v; return this; }
        public Builder flags(int v) { flags = v; return this; }
        public Builder fragmentOffset(int v) { fragmentOffset = v; return this; }
        public Builder ttl(int v) { ttl = v; return this; }
        public Builder protocol(int v) { protocol = v; return this; }
        public Builder headerChecksum(int v) { headerChecksum = v; return this; }
        public Builder source(Ipv4Address v) { source = v; return this; }
        public Builder destination(Ipv4Address v) { destination = v; return this; }
        public Builder options(ImmutableBytes v) { options = v; return this; }

        public Ipv4Header build() {
            return new Ipv4Header(dscp, ecn, totalLength, identification, flags, fragmentOffset, ttl, protocol,
                    headerChecksum, source, destination, options);
        }
    }
}
