package org.sonde.replay.linux;

/**
 * One packet of a connection in one direction as the comparison sees it: when it passed the capture point (ns
 * from the client's {@code connect}), its sequence and acknowledgement numbers relative to the sender's and the
 * receiver's initial sequence numbers (the acknowledgement 0 without ACK), its TCP flags, payload bytes and the
 * window field as sent (scaled). Identity is of {@code seq ack len} and the flags but PSH; PSH and the window are
 * counted apart: the window because the model's receive buffer is not autotuned as Linux's and its memory is
 * modelled, not read from the kernel, PSH because the model places it by another rule (where its send queue empties)
 * than Linux within a large write.
 * Checksums, IP identification and the timestamp option's values are not compared: the checksums follow from the
 * rest, the others from each host's clocks and counters.
 */
record HeaderRow(long timeNanos, long seq, long ack, int flags, int payloadBytes, int window) {

    /** PSH, compared apart from the other flags: where the sender sets it follows from the peer's window. */
    static final int PSH = 0x08;

    /** The fields compared for identity: {@code seq ack len} and the flags but PSH. */
    boolean sameSegment(HeaderRow o) {
        return seq == o.seq && ack == o.ack && (flags & ~PSH) == (o.flags & ~PSH) && payloadBytes == o.payloadBytes;
    }

    /** Which field of {@code o} first differs, in the order seq, ack, flags, len, psh, window; null if none. */
    String firstDifference(HeaderRow o) {
        if (seq != o.seq) return "seq";
        if (ack != o.ack) return "ack";
        if ((flags & ~PSH) != (o.flags & ~PSH)) return "flags";
        if (payloadBytes != o.payloadBytes) return "len";
        if ((flags & PSH) != (o.flags & PSH)) return "psh";
        if (window != o.window) return "window";
        return null;
    }

    @Override
    public String toString() {
        return "seq " + seq + " ack " + ack + " " + flagNames(flags) + " len " + payloadBytes + " win " + window;
    }

    static String flagNames(int flags) {
        StringBuilder b = new StringBuilder();
        String[] names = {"FIN", "SYN", "RST", "PSH", "ACK", "URG", "ECE", "CWR"};
        for (int i = 0; i < names.length; i++) if ((flags & 1 << i) != 0) b.append(b.isEmpty() ? "" : ",").append(names[i]);
        return "[" + b + "]";
    }
}
