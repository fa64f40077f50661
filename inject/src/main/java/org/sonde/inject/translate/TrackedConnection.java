package org.sonde.inject.translate;

/**
 * A QP's data direction whose rounds the injector counts: data packets to {@code destQp} arriving on
 * {@code ingressPort}, PSNs from {@code firstPsn}, {@code packetsPerMessage} per message (Lumina's
 * first-packet flags and {@code next_roceseq_reg} initial value {@code (firstPsn, 1)}).
 */
record TrackedConnection(int qpIndex, int destQp, int ingressPort, int firstPsn, int packetsPerMessage, int messages) {

    /** Whether {@code psn} starts a message (Lumina's {@code check_first_pkt_in_msg_table}). */
    public boolean firstOfMessage(int psn) {
        int offset = (psn - firstPsn) & org.sonde.packet.Psn.MASK;
        return offset < (long) packetsPerMessage * messages && offset % packetsPerMessage == 0;
    }
}
