package org.sonde.inject.model;

import org.sonde.packet.Psn;

/**
 * One RoCEv2 packet as the injecting switch saw it at ingress, before any event was applied: the
 * mirror's sequence number and nanosecond timestamp, the event applied, and the header fields the
 * analyzers read. Fields absent from the packet are -1 ({@code aethSyndrome}, {@code msn},
 * {@code dmaLength}).
 *
 * @param sequence      mirror sequence number (consecutive in a complete trace)
 * @param timestampNanos switch ingress timestamp
 * @param srcIp         IPv4 source address as an int
 * @param dstIp         IPv4 destination address as an int
 * @param opcode        BTH opcode byte (0x81 for a CNP)
 * @param destQp        BTH destination QP (24 bits)
 * @param psn           BTH PSN (24 bits)
 * @param ecn           IPv4 ECN bits as mirrored (3 = CE)
 * @param aethSyndrome  AETH syndrome byte, or -1
 * @param msn           AETH MSN, or -1
 * @param dmaLength     RETH DMA length, or -1
 * @param payloadLength RoCE payload bytes (after the transport headers, before pad and ICRC)
 * @param frameLength   the original frame's length on the wire, in bytes
 */
public record TracePacket(long sequence, long timestampNanos, InjectedEvent event, int srcIp, int dstIp,
                          int opcode, int destQp, int psn, boolean ackRequest, boolean migReq, int ecn,
                          int aethSyndrome, int msn, long dmaLength, int payloadLength, int frameLength) {

    public static final int CNP_OPCODE = 0x81;
    private static final int OPERATION_MASK = 0x1f;
    private static final int READ_REQUEST = 0x0c;
    private static final int READ_RESPONSE_FIRST = 0x0d;
    private static final int READ_RESPONSE_LAST = 0x10;
    private static final int ACKNOWLEDGE = 0x11;
    private static final int ATOMIC_ACKNOWLEDGE = 0x12;

    public TracePacket {
        if (event == null) {
            throw new IllegalArgumentException("event is null");
        }
        if ((psn & ~Psn.MASK) != 0 || (destQp & ~Psn.MASK) != 0) {
            throw new IllegalArgumentException("PSN and destination QP are 24-bit values: " + psn + ", " + destQp);
        }
    }

    /** A congestion notification packet (opcode 0x81). */
    public boolean isCnp() {
        return opcode == CNP_OPCODE;
    }

    /** An acknowledge or atomic acknowledge: ACK, NAK or RNR NAK, told apart by the AETH syndrome. */
    public boolean isAcknowledge() {
        int op = opcode & OPERATION_MASK;
        return !isCnp() && (op == ACKNOWLEDGE || op == ATOMIC_ACKNOWLEDGE);
    }

    /** Everything that is neither an acknowledge nor a CNP: requests, read requests and read responses. */
    public boolean isData() {
        return !isCnp() && !isAcknowledge();
    }

    /** A positive acknowledgement: AETH syndrome bits 6..5 = 00. */
    public boolean isAck() {
        return isAcknowledge() && ((aethSyndrome >> 5) & 3) == 0;
    }

    /** A receiver-not-ready NAK: AETH syndrome bits 6..5 = 01. */
    public boolean isRnrNak() {
        return isAcknowledge() && ((aethSyndrome >> 5) & 3) == 1;
    }

    /** A NAK (PSN sequence error, invalid request, remote access or operational error): bits 6..5 = 11. */
    public boolean isNak() {
        return isAcknowledge() && ((aethSyndrome >> 5) & 3) == 3;
    }

    /** The NAK code (AETH syndrome bits 4..0; 0 = PSN sequence error), or -1 if this is no NAK. */
    public int nakCode() {
        return isNak() ? aethSyndrome & 0x1f : -1;
    }

    public boolean isReadRequest() {
        return !isCnp() && (opcode & OPERATION_MASK) == READ_REQUEST;
    }

    public boolean isReadResponse() {
        int op = opcode & OPERATION_MASK;
        return !isCnp() && op >= READ_RESPONSE_FIRST && op <= READ_RESPONSE_LAST;
    }

    /** Whether the packet reached its receiver intact (not dropped, not corrupted by the injector). */
    public boolean delivered() {
        return event.delivered();
    }
}
