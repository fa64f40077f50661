package org.sonde.replay.recording;

/**
 * An application call as the recording gives it back: made inside the endpoint's callback number
 * {@code callback} (counted from 1 over the endpoint's callbacks), or, with {@code callback} 0, on its own at
 * {@code timeNanos}.
 */
public record RecordedCall(CallPattern pattern, long callback, long timeNanos) {
    public boolean nested() {
        return callback > 0;
    }
}
