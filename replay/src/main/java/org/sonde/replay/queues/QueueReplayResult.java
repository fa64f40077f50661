package org.sonde.replay.queues;

import java.util.List;

/**
 * A queue replay against the run it replays (DETER §5.4): the queue content difference over every packet arrival at
 * a switch queue that both saw, the drops compared without and with tagging, and the queues that mattered most.
 *
 * @param connectionsReplayed   connections whose packets were pushed (the others could not be replayed alone)
 * @param undecidedPackets      packets still on their way when the run stopped: left out of the drop comparison
 * @param runArrivals           arrivals at switch queues in the run
 * @param comparedArrivals      arrivals at a queue that the same packet made in both run and replay
 * @param unrecordedArrivals    arrivals in the run of frames of no recorded connection (not replayed)
 * @param mtuBytes              the unit of queue differences: the largest frame the recording's connections sent
 * @param thresholdNanos        the sampling bound the send times were inferred with
 * @param maxSendTimeErrorNanos largest distance of an inferred send time from the run's (clock errors not counted)
 * @param difference            queue content difference, in MTU, of the replay that is reported (with tagging when on)
 * @param dropsWithoutTagging   switches dropping by their buffer rule
 * @param dropsWithTagging      only tagged packets dropped, where the queue is near its limit (null without tagging)
 * @param queues                the most congested queues of the run, most first
 * @param series                occupancy of the few most congested, run against replay
 * @param differenceSample      up to a few thousand queue differences (MTU), sorted, spread evenly over all: for the CDF
 * @param dropCauses            the drops by cause, in the run and in the replay reported
 * @param collapses             the replay's drops after a shared-buffer threshold collapse, by episode, most drops first
 */
public record QueueReplayResult(String scenario, long seed, int switches, int hosts, long simulatedNanos, int connections,
                                int connectionsReplayed, List<String> notReplayed, long packets, long undecidedPackets, long runArrivals,
                                long comparedArrivals, long unrecordedArrivals, int mtuBytes, long thresholdNanos,
                                long recordedThresholdNanos, long clockErrorNanos, int tagMarginMtu, long maxSendTimeErrorNanos,
                                Difference difference, DropComparison dropsWithoutTagging, DropComparison dropsWithTagging,
                                List<QueueFigure> queues, List<QueueSeries> series, double[] differenceSample, DropCauses dropCauses,
                                List<Collapse> collapses, double wallSeconds) {

    /** Queue content differences in MTU: mean and percentiles over the arrivals compared. */
    public record Difference(long arrivals, double averageMtu, double medianMtu, double p99Mtu, double maxMtu) {}

    /** One queue: its arrivals compared, its largest occupancy in run and replay, its differences and drops. */
    public record QueueFigure(String queue, long comparedArrivals, long runMaxBytes, long replayMaxBytes, double averageDifferenceMtu,
                              double p99DifferenceMtu, long runDrops, long replayDrops) {}

    /**
     * Why switches dropped packets (DETER §5.4.3), in the run and in the replay reported: at the queue's own limit (tail
     * drops), or after the shared buffer's threshold collapsed under the queue because other queues of the switch grew
     * ({@link QueueDrop#thresholdCollapse}). {@code collapseInBoth}: packets dropped to a collapse in both, at the same queue.
     */
    public record DropCauses(long runTailDrops, long runCollapseDrops, long replayTailDrops, long replayCollapseDrops, long collapseInBoth) {}

    /**
     * One queue's drops to a threshold collapse against one peak of its busy period: what the queue held at its peak
     * and at the first drop, how much the switch's other queues had grown since the peak, the fullest of them at the
     * first drop, and the connections that lost packets.
     */
    public record Collapse(String queue, double firstDropMicros, double lastDropMicros, int drops, double peakMicros, long peakBytes,
                           long queueBytesAtFirstDrop, long othersGrowthBytes, String fullestOther, long fullestOtherBytes, List<Integer> connections) {}

    /** A queue's occupancy at arrivals (at most a few thousand points each, extremes kept), run and replay. */
    public record QueueSeries(String queue, double[] runMicros, double[] runBytes, double[] replayMicros, double[] replayBytes) {}
}
