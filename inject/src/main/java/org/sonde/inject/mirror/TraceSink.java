package org.sonde.inject.mirror;

/** Receives the packets of a trace in mirror order, as raw frames (valid only during the call). */
public interface TraceSink {
    /**
     * @param sequence       mirror sequence number with wraps undone (consecutive in a complete trace)
     * @param timestampNanos switch ingress timestamp
     */
    void packet(long sequence, long timestampNanos, byte[] frame, int offset, int capturedLength, int originalLength);

    /** A sink that hands every packet to each of {@code sinks}, in order. */
    static TraceSink tee(TraceSink... sinks) {
        TraceSink[] all = sinks.clone();
        return (sequence, timestampNanos, frame, offset, capturedLength, originalLength) -> {
            for (TraceSink s : all) s.packet(sequence, timestampNanos, frame, offset, capturedLength, originalLength);
        };
    }
}
