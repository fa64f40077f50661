package org.sonde.inject.analyze;

/** What the two go-back-N state machines of one QP counted; turned into a {@link QpGbnStats} at the end. */
final class GbnTally {
    boolean started;
    long nakRetransmissions;
    long timeoutRetransmissions;
    long rnrRetransmissions;
    long corruptDataPackets;
    long outOfSequence;
    long duplicates;
}
