package org.sonde.capture;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * pcapng: a sequence of blocks (type, total length, body, total length again), grouped in sections
 * that each start with a Section Header Block fixing the byte order and numbering interfaces anew.
 * Packet blocks are parsed in place; unknown blocks are skipped without being buffered.
 */
final class PcapngReader extends BaseReader {
    static final int SHB = 0x0A0D0D0A;
    static final int IDB = 1;
    static final int PB = 2; // obsolete Packet Block, still found in old files
    static final int SPB = 3;
    static final int EPB = 6;
    static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;

    static final int OPT_ENDOFOPT = 0;
    static final int OPT_COMMENT = 1;
    static final int IF_NAME = 2;
    /** In an Enhanced Packet Block, option 2 is {@code epb_flags} (the same code as {@code if_name} in an interface's). */
    static final int EPB_FLAGS = 2;
    static final int IF_TSRESOL = 9;
    static final int IF_TSOFFSET = 14;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    /** What an Interface Description Block says, resolved for per-packet use. */
    private record Interface(int linkType, long snapLength, TimestampScale scale, long offsetNanos, String name, String comment) {}

    private Interface[] interfaces = new Interface[4];
    private int interfaceCount;
    private Interface current;
    private String sectionComment;
    /** Whether a packet block has been met, and a section or interface block after one (see startAt). */
    private boolean packetSeen;
    private boolean stateChanged;

    // filled by parseOptions
    private String optComment;
    private String optName;
    private int optTsresol;
    private long optTsoffsetSeconds;
    private PacketDirection optDirection = PacketDirection.UNKNOWN;

    PcapngReader(ReadBuffer in) {
        super(in);
        readSectionHeader();
    }

    @Override
    public boolean next() {
        ReadBuffer in = this.in;
        while (true) {
            if (in.offset(in.pos) >= endOffset) return false;
            if (!in.ensure(8)) {
                if (in.available() == 0) return false;
                throw truncatedHeader();
            }
            int type = in.i32(in.pos);
            if (isPacket(type)) {
                packetSeen = true;
                readPacket(type);
                return true;
            }
            readOtherBlock(type);
        }
    }

    private static boolean isPacket(int type) {
        return type == EPB || type == PB || type == SPB;
    }

    private void readOtherBlock(int type) {
        switch (type) {
            case SHB -> {
                stateChanged |= packetSeen;
                readSectionHeader();
            }
            case IDB -> {
                stateChanged |= packetSeen;
                readInterface();
            }
            default -> skipBlock(type);
        }
    }

    /**
     * A range reader takes its interfaces from the blocks before the first packet block that lie
     * before {@code start}; a later section or interface block shows in {@link #keptStartState()} of
     * the reader that reads it, and the caller then does not use the ranges after it.
     */
    @Override
    void startAt(long start) {
        ReadBuffer in = this.in;
        while (in.offset(in.pos) < start && in.ensure(8)) {
            int type = in.i32(in.pos);
            if (isPacket(type)) {
                packetSeen = true;
                break;
            }
            if (in.offset(in.pos) + in.u32(in.pos + 4) > start) break; // start is inside this block: not a block start
            readOtherBlock(type);
        }
        super.startAt(start);
    }

    @Override
    boolean keptStartState() {
        return !stateChanged;
    }

    @Override
    boolean chainsAt(int p, int count, boolean windowAtEnd) {
        ReadBuffer in = this.in;
        if ((in.offset(p) & 3) != 0) return false; // every block length is a multiple of 4
        for (int i = 0; i < count; i++) {
            if (in.limit - p < 12) return windowAtEnd && p == in.limit;
            long length = in.u32(p + 4);
            // the total length is repeated at the block's end: a strong sign of a real block start
            if (length < 12 || (length & 3) != 0 || length > in.limit - p || in.u32(p + (int) length - 4) != length) return false;
            p += (int) length;
        }
        return true;
    }

    /** Fewer than 8 bytes of a block are left; from 4 on, its type is known. */
    private TruncatedCaptureException truncatedHeader() {
        int type = in.available() >= 4 ? in.i32(in.pos) : -1;
        boolean packet = isPacket(type);
        String what = type == -1 ? "a block header" : "the header of " + article(type);
        return truncated(in.offset(in.pos), packet ? recordNumber + 1 : 0,
                what + ": 8 bytes expected, " + in.available() + " present");
    }

    private void readSectionHeader() {
        ReadBuffer in = this.in;
        if (!in.ensure(12)) {
            throw truncated(in.offset(in.pos), 0, "a Section Header Block: 12 bytes expected, " + in.available() + " present");
        }
        int p = in.pos;
        in.bigEndian = false;
        int byteOrderMagic = in.i32(p + 8);
        if (byteOrderMagic == Integer.reverseBytes(BYTE_ORDER_MAGIC)) {
            in.bigEndian = true;
        } else if (byteOrderMagic != BYTE_ORDER_MAGIC) {
            throw malformed(in.offset(p + 8), 0, String.format(
                    "Section Header Block byte-order magic is %08x; expected 1a2b3c4d in either byte order", byteOrderMagic));
        }
        int length = loadBlock(SHB, 28, 0);
        p = in.pos;
        int major = in.u16(p + 12);
        if (major != 1) {
            throw malformed(in.offset(p + 12), 0, "pcapng version " + major + "." + in.u16(p + 14) + " is not supported (expected 1.x)");
        }
        parseOptions(SHB, p + 24, p + length - 4, 0);
        sectionComment = optComment;
        Arrays.fill(interfaces, 0, interfaceCount, null);
        interfaceCount = 0;
        in.pos = p + length;
    }

    private void readInterface() {
        ReadBuffer in = this.in;
        int length = loadBlock(IDB, 20, 0);
        int p = in.pos;
        parseOptions(IDB, p + 16, p + length - 4, 0);
        TimestampScale scale = optTsresol < 0 ? TimestampScale.MICROS : TimestampScale.ofTsresol(optTsresol);
        if (scale == null) {
            throw malformed(in.offset(p), 0, String.format("Interface Description Block: if_tsresol 0x%02x gives a unit finer than supported"
                    + " (10^-27 s or 2^-63 s at most)", optTsresol));
        }
        if (Math.abs(optTsoffsetSeconds) > Long.MAX_VALUE / NANOS_PER_SECOND) {
            throw malformed(in.offset(p), 0, "Interface Description Block: if_tsoffset " + optTsoffsetSeconds
                    + " s is beyond the range of nanosecond timestamps");
        }
        if (interfaceCount == Limits.MAX_INTERFACES) {
            throw malformed(in.offset(p), 0, "more than " + Limits.MAX_INTERFACES + " interfaces in one section");
        }
        if (interfaceCount == interfaces.length) interfaces = Arrays.copyOf(interfaces, 2 * interfaceCount);
        interfaces[interfaceCount++] = new Interface(in.u16(p + 8), in.u32(p + 12), scale,
                optTsoffsetSeconds * NANOS_PER_SECOND, optName, optComment);
        in.pos = p + length;
    }

    private void readPacket(int type) {
        ReadBuffer in = this.in;
        long record = recordNumber + 1;
        int length = loadBlock(type, type == SPB ? 16 : 32, record);
        int p = in.pos;
        int id = switch (type) {
            case EPB -> in.i32(p + 8);
            case PB -> in.u16(p + 8);
            default -> 0;
        };
        if (unsignedAbove(id, interfaceCount - 1L)) {
            throw malformed(in.offset(p), record, blockName(type) + " refers to interface " + (id & 0xFFFF_FFFFL)
                    + ", but the section describes " + interfaceCount + " interface(s)");
        }
        Interface iface = interfaces[id];
        long maxCaptured = iface.snapLength == 0 ? Long.MAX_VALUE : iface.snapLength;
        int captured;
        int original;
        long nanos;
        String packetComment = null;
        PacketDirection packetDirection = PacketDirection.UNKNOWN;
        if (type == SPB) {
            original = in.i32(p + 8);
            if (original < 0) throw badOriginal(p, record, type, original, 0);
            // no captured length field: the packet was cut to the snap length, if at all
            captured = (int) Math.min(Math.min(original, length - 16), maxCaptured);
            nanos = 0;
        } else {
            captured = in.i32(p + 20);
            if (unsignedAbove(captured, length - 32)) {
                throw malformed(in.offset(p), record, blockName(type) + " claims " + (captured & 0xFFFF_FFFFL)
                        + " captured bytes, more than its " + length + "-byte block holds");
            }
            if (captured > maxCaptured) {
                throw malformed(in.offset(p), record, blockName(type) + " claims " + captured
                        + " captured bytes, above the snap length " + maxCaptured + " of interface " + id);
            }
            original = in.i32(p + 24);
            if (original < captured) throw badOriginal(p, record, type, original, captured);
            nanos = timestamp(iface, (in.u32(p + 12) << 32) | in.u32(p + 16), p, record);
            int optionsStart = p + 28 + ((captured + 3) & ~3);
            if (optionsStart < p + length - 4) {
                parseOptions(type, optionsStart, p + length - 4, record);
                packetComment = optComment;
                packetDirection = optDirection;
            }
        }
        array = in.buf;
        fileOffset = in.offset(p);
        current = iface;
        interfaceId = id;
        linkType = iface.linkType;
        timestampNanos = nanos;
        capturedLength = captured;
        originalLength = original;
        comment = packetComment;
        direction = packetDirection;
        dataOffset = p + (type == SPB ? 12 : 28);
        recordNumber = record;
        in.pos = p + length;
    }

    private long timestamp(Interface iface, long units, int p, long record) {
        long nanos = iface.scale.toNanos(units);
        long shifted = nanos + iface.offsetNanos;
        if (nanos == TimestampScale.OUT_OF_RANGE || ((nanos ^ shifted) & (iface.offsetNanos ^ shifted)) < 0) {
            throw malformed(in.offset(p + 12), record, "timestamp " + Long.toUnsignedString(units) + " in units of " + iface.scale
                    + " with if_tsoffset " + iface.offsetNanos / NANOS_PER_SECOND + " s is beyond the range of nanosecond timestamps");
        }
        return shifted;
    }

    private CaptureFormatException badOriginal(int p, long record, int type, int original, int captured) {
        return malformed(in.offset(p), record, blockName(type) + " claims an original length of " + (original & 0xFFFF_FFFFL)
                + " bytes, " + (original < 0 ? "above 2^31-1" : "below its " + captured + " captured bytes"));
    }

    /**
     * Checks the length of the block at {@code in.pos}, loads it whole into the window and checks the
     * trailing copy of the length; returns the length.
     */
    private int loadBlock(int type, int minBytes, long record) {
        ReadBuffer in = this.in;
        long length = blockLength(type, minBytes, record);
        if (length > Limits.MAX_BLOCK_BYTES) {
            throw malformed(in.offset(in.pos), record, blockName(type) + " of " + length + " bytes is above the limit of "
                    + Limits.MAX_BLOCK_BYTES + " bytes");
        }
        int bytes = (int) length;
        if (!in.ensure(bytes)) {
            throw truncated(in.offset(in.pos), record, article(type) + ": " + bytes + " bytes announced, " + in.available() + " present");
        }
        checkTrailer(type, in.pos + bytes - 4, length, record);
        return bytes;
    }

    private long blockLength(int type, int minBytes, long record) {
        long length = in.u32(in.pos + 4);
        if (length < minBytes || (length & 3) != 0) {
            throw malformed(in.offset(in.pos), record, blockName(type) + " total length " + length
                    + " is not a multiple of 4 of at least " + minBytes);
        }
        return length;
    }

    private void checkTrailer(int type, int trailer, long length, long record) {
        long trailing = in.u32(trailer);
        if (trailing != length) {
            throw malformed(in.offset(trailer), record, blockName(type) + " total length at its end (" + trailing
                    + ") differs from the one at its start (" + length + ")");
        }
    }

    /** Skips a block this reader does not interpret, without buffering it (it may be large). */
    private void skipBlock(int type) {
        ReadBuffer in = this.in;
        long length = blockLength(type, 12, 0);
        long start = in.offset(in.pos);
        long skipped = in.skip(length - 4);
        if (skipped < length - 4 || !in.ensure(4)) {
            throw truncated(start, 0, article(type) + ": " + length + " bytes announced, " + (skipped + in.available()) + " present");
        }
        checkTrailer(type, in.pos, length, 0);
        in.pos += 4;
    }

    /** Reads the options in {@code buf[from..to)} of a loaded block into the opt* fields. */
    private void parseOptions(int type, int from, int to, long record) {
        ReadBuffer in = this.in;
        optComment = null;
        optName = null;
        optTsresol = -1;
        optTsoffsetSeconds = 0;
        optDirection = PacketDirection.UNKNOWN;
        int q = from;
        while (to - q >= 4) {
            int code = in.u16(q);
            if (code == OPT_ENDOFOPT) return;
            int length = in.u16(q + 2);
            int value = q + 4;
            int next = value + ((length + 3) & ~3);
            if (next > to) {
                throw malformed(in.offset(q), record, blockName(type) + ": option " + code + " claims " + length
                        + " bytes, beyond the end of the block");
            }
            if (code == OPT_COMMENT) {
                String text = string(value, length);
                optComment = optComment == null ? text : optComment + "\n" + text;
            } else if (type == IDB && code == IF_NAME) {
                optName = string(value, length);
            } else if (type == IDB && code == IF_TSRESOL) {
                requireOptionLength(q, type, "if_tsresol", length, 1);
                optTsresol = in.buf[value] & 0xFF;
            } else if (type == EPB && code == EPB_FLAGS) {
                requireOptionLength(q, type, "epb_flags", length, 4);
                optDirection = PacketDirection.ofFlags(in.u32(value));
            } else if (type == IDB && code == IF_TSOFFSET) {
                requireOptionLength(q, type, "if_tsoffset", length, 8);
                optTsoffsetSeconds = in.i64(value);
            }
            // every other option is skipped: it does not change how packets read
            q = next;
        }
    }

    private void requireOptionLength(int q, int type, String option, int length, int expected) {
        if (length != expected) {
            throw malformed(in.offset(q), 0, blockName(type) + ": option " + option + " has " + length
                    + " bytes, expected " + expected);
        }
    }

    /** A UTF-8 option value; some writers add a terminating NUL, which is not part of the text. */
    private String string(int value, int length) {
        while (length > 0 && in.buf[value + length - 1] == 0) length--;
        return new String(in.buf, value, length, StandardCharsets.UTF_8);
    }

    static String blockName(int type) {
        return switch (type) {
            case SHB -> "Section Header Block";
            case IDB -> "Interface Description Block";
            case PB -> "Packet Block";
            case SPB -> "Simple Packet Block";
            case EPB -> "Enhanced Packet Block";
            default -> String.format("block of type 0x%08x", type);
        };
    }

    private static String article(int type) {
        String name = blockName(type);
        return ("EI".indexOf(name.charAt(0)) >= 0 ? "an " : "a ") + name;
    }

    @Override
    public String interfaceName() {
        return current == null ? null : current.name;
    }

    @Override
    public String interfaceComment() {
        return current == null ? null : current.comment;
    }

    @Override
    public String sectionComment() {
        return sectionComment;
    }

    @Override
    public CaptureFormat format() {
        return CaptureFormat.PCAPNG;
    }
}
