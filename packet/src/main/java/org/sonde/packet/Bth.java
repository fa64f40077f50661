package org.sonde.packet;

/**
 * InfiniBand Base Transport Header, the first header of a RoCEv2 UDP payload (IBA 9.2). Every bit
 * is kept, including the reserved ones.
 *
 * @param opcode                 8 bits; see {@link RoceOpcode}
 * @param solicitedEvent         SE
 * @param migReq                 M, migration state
 * @param padCount               bytes (0..3) padding the payload to a multiple of 4, or {@link Header#AUTO}
 * @param transportHeaderVersion TVer, 4 bits
 * @param partitionKey           P_Key, 16 bits
 * @param fecn                   forward explicit congestion notification (byte 4, bit 7)
 * @param becn                   backward explicit congestion notification (byte 4, bit 6); set in CNPs
 * @param reserved6              the low 6 bits of byte 4; with F and B they form resv8a, which the ICRC masks
 * @param destinationQp          24 bits
 * @param ackRequest             A
 * @param reserved7              the low 7 bits of byte 8
 * @param psn                    packet sequence number, 24 bits; see {@link Psn}
 */
public record Bth(int opcode, boolean solicitedEvent, boolean migReq, int padCount, int transportHeaderVersion,
                  int partitionKey, boolean fecn, boolean becn, int reserved6, int destinationQp, boolean ackRequest,
                  int reserved7, int psn) implements Header {
    public static final int LENGTH = 12;
    public static final int DEFAULT_PARTITION_KEY = 0xFFFF;
    static final int OFF_OPCODE = 0;
    static final int OFF_FLAGS = 1;
    static final int OFF_PARTITION_KEY = 2;
    /** resv8a: F, B and six reserved bits; masked to ones in the ICRC. */
    static final int OFF_RESV8A = 4;
    static final int OFF_DESTINATION_QP = 5;
    static final int OFF_ACK_REQUEST = 8;
    static final int OFF_PSN = 9;
    static final String LAYER = "BTH";

    public Bth {
        Bytes.checkBits("opcode", opcode, 8);
        Bytes.checkBitsOrAuto("pad count", padCount, 2);
        Bytes.checkBits("TVer", transportHeaderVersion, 4);
        Bytes.checkBits("P_Key", partitionKey, 16);
        Bytes.checkBits("reserved6", reserved6, 6);
        Bytes.checkBits("destination QP", destinationQp, 24);
        Bytes.checkBits("reserved7", reserved7, 7);
        Bytes.checkBits("PSN", psn, 24);
    }

    /** Builder with P_Key 0xFFFF, pad count AUTO, all flags clear. */
    public static Builder builder(RoceOpcode opcode, int destinationQp, int psn) {
        return new Builder(opcode.code(), destinationQp, psn);
    }

    /**
     * The BTH of a CNP for {@code destinationQp}: opcode 0x81, BECN set, FECN clear, PSN 0, P_Key
     * 0xFFFF, as NICs send it to the QP whose packets arrived ECN-CE-marked (RoCEv2 Annex A17.9).
     */
    public static Bth cnp(int destinationQp) {
        return new Builder(RoceOpcode.CNP.code(), destinationQp, 0).padCount(0).becn(true).build();
    }

    public Builder toBuilder() {
        Builder b = new Builder(opcode, destinationQp, psn);
        b.solicitedEvent = solicitedEvent;
        b.migReq = migReq;
        b.padCount = padCount;
        b.transportHeaderVersion = transportHeaderVersion;
        b.partitionKey = partitionKey;
        b.fecn = fecn;
        b.becn = becn;
        b.reserved6 = reserved6;
        b.ackRequest = ackRequest;
        b.reserved7 = reserved7;
        return b;
    }

    static int opcode(byte[] b, int off) {
        return Bytes.u8(b, off + OFF_OPCODE);
    }

    static int padCount(byte[] b, int off) {
        return b[off + OFF_FLAGS] >>> 4 & 3;
    }

    static int destinationQp(byte[] b, int off) {
        return Bytes.u24(b, off + OFF_DESTINATION_QP);
    }

    static int psn(byte[] b, int off) {
        return Bytes.u24(b, off + OFF_PSN);
    }

    public static Bth decode(byte[] b, int off, int len) {
        DecodeException.require(LAYER, off, off + len, LENGTH, 0);
        int f = Bytes.u8(b, off + OFF_FLAGS);
        int r = Bytes.u8(b, off + OFF_RESV8A);
        int a = Bytes.u8(b, off + OFF_ACK_REQUEST);
        return new Bth(opcode(b, off), (f & 0x80) != 0, (f & 0x40) != 0, f >>> 4 & 3, f & 0x0F,
                Bytes.u16(b, off + OFF_PARTITION_KEY), (r & 0x80) != 0, (r & 0x40) != 0, r & 0x3F,
                destinationQp(b, off), (a & 0x80) != 0, a & 0x7F, psn(b, off));
    }

    @Override
    public int length() {
        return LENGTH;
    }

    @Override
    public int encode(byte[] b, int off) {
        int pad = padCount == AUTO ? 0 : padCount;
        Bytes.put8(b, off + OFF_OPCODE, opcode);
        Bytes.put8(b, off + OFF_FLAGS, (solicitedEvent ? 0x80 : 0) | (migReq ? 0x40 : 0) | pad << 4 | transportHeaderVersion);
        Bytes.put16(b, off + OFF_PARTITION_KEY, partitionKey);
        Bytes.put8(b, off + OFF_RESV8A, (fecn ? 0x80 : 0) | (becn ? 0x40 : 0) | reserved6);
        Bytes.put24(b, off + OFF_DESTINATION_QP, destinationQp);
        Bytes.put8(b, off + OFF_ACK_REQUEST, (ackRequest ? 0x80 : 0) | reserved7);
        Bytes.put24(b, off + OFF_PSN, psn);
        return LENGTH;
    }

    /** The opcode as an enum constant, or null when undefined. */
    public RoceOpcode roceOpcode() {
        return RoceOpcode.fromCode(opcode);
    }

    public Bth withPadCount(int v) {
        return toBuilder().padCount(v).build();
    }

    /** Fluent construction of a {@link Bth}. */
    public static final class Builder {
        private int opcode;
        private boolean solicitedEvent;
        private boolean migReq;
        private int padCount = AUTO;
        private int transportHeaderVersion;
        private int partitionKey = DEFAULT_PARTITION_KEY;
        private boolean fecn;
        private boolean becn;
        private int reserved6;
        private int destinationQp;
        private boolean ackRequest;
        private int reserved7;
        private int psn;

        private Builder(int opcode, int destinationQp, int psn) {
            this.opcode = opcode;
            this.destinationQp = destinationQp;
            this.psn = psn;
        }

        public Builder opcode(int v) { opcode = v; return this; }
        public Builder solicitedEvent(boolean v) { solicitedEvent = v; return this; }
        public Builder migReq(boolean v) { migReq = v; return this; }
        public Builder padCount(int v) { padCount = v; return this; }
        public Builder transportHeaderVersion(int v) { transportHeaderVersion = v; return this; }
        public Builder partitionKey(int v) { partitionKey = v; return this; }
        public Builder fecn(boolean v) { fecn = v; return this; }
        public Builder becn(boolean v) { becn = v; return this; }
        public Builder reserved6(int v) { reserved6 = v; return this; }
        public Builder destinationQp(int v) { destinationQp = v; return this; }
        public Builder ackRequest(boolean v) { ackRequest = v; return this; }
        public Builder reserved7(int v) { reserved7 = v; return this; }
        public Builder psn(int v) { psn = v; return this; }

        public Bth build() {
            return new Bth(opcode, solicitedEvent, migReq, padCount, transportHeaderVersion, partitionKey, fecn, becn,
                    reserved6, destinationQp, ackRequest, reserved7, psn);
        }
    }
}
