package org.sonde.packet;

import org.sonde.core.BadInputException;

/**
 * Bytes that do not form the header a decoder expected. The message reads like
 * {@code packet: byte offset 34: IPv4: header length 3 words is below the minimum 5}; the offset is
 * counted from the start of the frame (for {@link PacketView}) or is the array index (for a header
 * record's {@code decode}).
 */
public class DecodeException extends BadInputException {
    private final String layer;
    private final int offset;

    public DecodeException(String layer, int offset, String problem) {
        super("packet", "byte offset " + offset, layer + ": " + problem);
        this.layer = layer;
        this.offset = offset;
    }

    /** Byte offset of the offending header or field. */
    public int offset() {
        return offset;
    }

    /** The protocol layer that failed to decode, e.g. {@code IPv4}. */
    public String layer() {
        return layer;
    }

    /** Throws unless {@code need} bytes starting at {@code off} lie before {@code end}. */
    static void require(String layer, int off, int end, int need, int errBase) {
        if (need > end - off) {
            throw new DecodeException(layer, off - errBase,
                    "truncated: needs " + need + " bytes, only " + Math.max(0, end - off) + " left");
        }
    }
}
