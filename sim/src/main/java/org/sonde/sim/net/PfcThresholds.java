package org.sonde.sim.net;

/**
 * Priority flow control of a receiver, for the priorities in {@code priorityMask}: when the bytes
 * held for one ingress port and priority rise above {@code xoffBytes} the upstream transmitter is
 * paused for {@code quanta} (refreshed at half that time while still above {@code xonBytes}); when
 * they fall to {@code xonBytes} or below it is resumed with a zero-quanta frame.
 */
public record PfcThresholds(int priorityMask, long xoffBytes, long xonBytes, int quanta) {
    public static final PfcThresholds OFF = new PfcThresholds(0, Long.MAX_VALUE, 0, PauseFrame.MAX_QUANTA);

    public PfcThresholds {
        if (xonBytes < 0 || xoffBytes < xonBytes) {
            throw new IllegalArgumentException("PFC thresholds need 0 <= xon <= xoff, got xoff " + xoffBytes + " xon " + xonBytes);
        }
        if (quanta < 1 || quanta > PauseFrame.MAX_QUANTA) throw new IllegalArgumentException("PFC quanta must be 1..65535, got " + quanta);
    }

    boolean enabled(int priority) {
        return (priorityMask >> priority & 1) != 0;
    }
}
