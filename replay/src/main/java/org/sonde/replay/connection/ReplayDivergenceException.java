package org.sonde.replay.connection;

/** The replayed connection did not do what the recording says (a finding about the recording or the replay, never ignored). */
public final class ReplayDivergenceException extends RuntimeException {
    public ReplayDivergenceException(String message) {
        super(message);
    }
}
