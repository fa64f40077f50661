package org.sonde.replay.diagnose;

/**
 * One retransmitted segment and its cause.
 *
 * @param relativeSeq   first sequence number relative to the flow's initial sequence number (as Wireshark shows it)
 * @param length        sequence space it covers (payload, plus SYN and FIN)
 * @param kind          the cause; {@link RetransmissionKind#SPURIOUS} when it turned out unnecessary
 * @param trigger       what sent it: equal to {@code kind} unless that is SPURIOUS
 * @param originalFrame the frame of the segment's first transmission in the capture, or -1 when the capture does not hold it
 */
public record Retransmission(long frame, long timeNanos, long relativeSeq, int length, RetransmissionKind kind,
                             RetransmissionKind trigger, long originalFrame, Evidence evidence, Evidence spuriousEvidence) {}
