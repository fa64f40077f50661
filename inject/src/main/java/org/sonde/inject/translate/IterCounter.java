package org.sonde.inject.translate;

import org.sonde.inject.config.IterTracking;
import org.sonde.packet.Psn;

/** Counts the (re)transmission round (ITER) of one connection's data packets as they reach the injector. */
abstract sealed class IterCounter {
    protected int iteration = 1;

    /** The round of the packet with {@code psn}, updating the state as the switch's register does. */
    public abstract int round(int psn);

    public static IterCounter of(IterTracking tracking, TrackedConnection c) {
        return tracking == IterTracking.PAPER ? new Paper(c.firstPsn()) : new LuminaCode(c);
    }

    /** §3.3: a PSN not after the last one seen starts a new round; the last PSN starts at IPSN − 1. */
    static final class Paper extends IterCounter {
        private int lastPsn;

        Paper(int firstPsn) {
            lastPsn = Psn.add(firstPsn, -1);
        }

        @Override
        public int round(int psn) {
            if (!Psn.isAfter(psn, lastPsn)) iteration++;
            lastPsn = psn;
            return iteration;
        }
    }

    /**
     * {@code inject_switch.p4}: a message's first packet resets the round to 1 when it is the expected
     * PSN; any other packet that is not the expected one (forward gaps included) starts a new round.
     */
    static final class LuminaCode extends IterCounter {
        private final TrackedConnection connection;
        private int expected;

        LuminaCode(TrackedConnection c) {
            this.connection = c;
            this.expected = c.firstPsn();
        }

        @Override
        public int round(int psn) {
            if (connection.firstOfMessage(psn)) iteration = psn == expected ? 1 : iteration + 1;
            else if (psn != expected) iteration++;
            expected = Psn.next(psn);
            return iteration;
        }
    }
}
