package org.sonde.packet;

/**
 * ACK Extended Transport Header: the syndrome byte and the 24-bit message sequence number. The
 * syndrome (IBA 9.7.5.1) holds a kind in bits 6-5 and a 5-bit value: the credit count of an ACK,
 * the timer code of an RNR NAK, the error code of a NAK.
 */
public record Aeth(int syndrome, int msn) implements Header {
    public static final int LENGTH = 4;
    /** Credit code meaning "no end-to-end credit limit advertised". */
    public static final int CREDITS_INVALID = 31;

    /** The kind of acknowledgment a syndrome encodes (bits 6-5). */
    public enum Kind { ACK, RNR_NAK, RESERVED, NAK }

    /** NAK codes (syndrome bits 4-0 when the kind is NAK). */
    public enum NakCode {
        PSN_SEQUENCE_ERROR("PSN-sequence-error"),
        INVALID_REQUEST("invalid-request"),
        REMOTE_ACCESS_ERROR("remote-access-error"),
        REMOTE_OPERATIONAL_ERROR("remote-operational-error"),
        INVALID_RD_REQUEST("invalid-RD-request");

        private final String label;

        NakCode(String label) {
            this.label = label;
        }

        public int code() {
            return ordinal();
        }

        public String label() {
            return label;
        }

        /** The NAK code, or null for the reserved values 5..31. */
        public static NakCode fromCode(int code) {
            return code >= 0 && code < values().length ? values()[code] : null;
        }
    }

    /** RNR NAK timer codes 0..31 in microseconds, IBA table 45 (code 0 is the longest, 655.36 ms). */
    private static final int[] RNR_TIMER_MICROS = {
        655_360, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640, 960, 1_280, 1_920, 2_560, 3_840, 5_120,
        7_680, 10_240, 15_360, 20_480, 30_720, 40_960, 61_440, 81_920, 122_880, 163_840, 245_760, 327_680, 491_520
    };

    public Aeth {
        Bytes.checkBits("syndrome", syndrome, 8);
        Bytes.checkBits("MSN", msn, 24);
    }

    public static Aeth ack(int creditCode, int msn) {
        return new Aeth(Bytes.checkBits("credit code", creditCode, 5), msn);
    }

    public static Aeth rnrNak(int timerCode, int msn) {
        return new Aeth(0x20 | Bytes.checkBits("RNR timer code", timerCode, 5), msn);
    }

    public static Aeth nak(NakCode code, int msn) {
        return new Aeth(0x60 | code.code(), msn);
    }

    public static Aeth decode(byte[] b, int off, int len) {
        DecodeException.require("AETH", off, off + len, LENGTH, 0);
        return new Aeth(Bytes.u8(b, off), Bytes.u24(b, off + 1));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        Bytes.put8(b, off, syndrome);
        Bytes.put24(b, off + 1, msn);
        return LENGTH;
    }

    public Kind kind() {
        return kind(syndrome);
    }

    /** The 5-bit value: credit code, RNR timer code or NAK code. */
    public int value() {
        return value(syndrome);
    }

    public String describe() {
        return describe(syndrome);
    }

    public static Kind kind(int syndrome) {
        return Kind.values()[syndrome >>> 5 & 3];
    }

    public static int value(int syndrome) {
        return syndrome & 0x1F;
    }

    /** The RNR NAK delay a timer code asks for, in microseconds. */
    public static int rnrTimerMicros(int timerCode) {
        return RNR_TIMER_MICROS[Bytes.checkBits("RNR timer code", timerCode, 5)];
    }

    /**
     * A short text: {@code ACK credits=31}, {@code RNR-NAK timer=14}, {@code NAK PSN-sequence-error},
     * {@code NAK reserved-code=9}, {@code RESERVED value=3}.
     */
    public static String describe(int syndrome) {
        int v = value(syndrome);
        return switch (kind(syndrome)) {
            case ACK -> "ACK credits=" + v;
            case RNR_NAK -> "RNR-NAK timer=" + v;
            case NAK -> {
                NakCode c = NakCode.fromCode(v);
                yield c != null ? "NAK " + c.label() : "NAK reserved-code=" + v;
            }
            case RESERVED -> "RESERVED value=" + v;
        };
    }
}
