package org.sonde.replay.queues;

/**
 * A recorded packet a switch queue dropped, with what the switch's shared buffer looked like then and at the queue's
 * peak in its busy period (since it was last empty). Bytes are the switch's own counts: the queue's
 * ({@code Port.queuedBytes}) and the rest of its buffer ({@code Switch.bufferUsed} less the queue).
 *
 * @param queueBytes       what the queue held when the packet came
 * @param frameBytes       the packet's frame
 * @param peakBytes        the most the queue held in its busy period, and when, and what the others held then
 * @param othersBytes      what the switch's other queues held when the packet came
 * @param fullestOther     the switch's fullest other queue then (-1: none held anything), and its bytes
 */
record QueueDrop(long packet, int queue, long nanos, long queueBytes, int frameBytes, long peakBytes, long peakNanos, long othersAtPeakBytes,
                 long othersBytes, int fullestOther, long fullestOtherBytes) {

    /**
     * Whether the packet was lost to a collapse of the shared buffer's threshold (DETER §5.4.3) rather than at the
     * queue's own limit: earlier in its busy period the queue held at least one MTU more than it would have held with
     * this packet, so its limit was higher then, and the other queues have since grown by at least what the queue
     * shrank, so their growth, not the queue's own, took the limit down. A tail drop meets neither: a queue standing
     * at its dynamic threshold drops at its peak, with the others as they were.
     */
    boolean thresholdCollapse(int mtuBytes) {
        return queueBytes + frameBytes + mtuBytes <= peakBytes && othersBytes - othersAtPeakBytes >= peakBytes - queueBytes;
    }

    /** How much the other queues grew since the queue's peak. */
    long othersGrowthBytes() {
        return othersBytes - othersAtPeakBytes;
    }
}
