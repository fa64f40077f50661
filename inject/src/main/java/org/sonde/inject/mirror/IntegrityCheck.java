package org.sonde.inject.mirror;

import org.sonde.inject.model.IntegrityResult;
import it.unimi.dsi.fastutil.ints.Int2LongOpenHashMap;
import java.util.ArrayList;
import java.util.List;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Ipv4Address;

/**
 * Lumina's integrity check (anchor §2.1), fed packet by packet in mirror order:
 * <ol>
 *   <li>RoCE packets the switch received on the hosts' ports = copies it sent to the mirror ports;</li>
 *   <li>copies sent to the mirror ports = packets in the trace;</li>
 *   <li>mirror sequence numbers are consecutive from the first;</li>
 *   <li>switch timestamps do not go back: by more than {@value #CROSS_DIRECTION_TOLERANCE_NANOS} ns over
 *       the whole trace, by any amount within one direction (packets from one source address).</li>
 * </ol>
 * A trace failing any of them lost packets somewhere between the switch and the files, and is invalid.
 */
public final class IntegrityCheck implements TraceSink {
    public static final long CROSS_DIRECTION_TOLERANCE_NANOS = 50;
    private static final int EXAMPLES = 3;

    private final Int2LongOpenHashMap lastByDirection = new Int2LongOpenHashMap();
    private long packets;
    private long firstSequence = -1;
    private long previousSequence;
    private long previousTimestamp;
    private long gaps;
    private final List<String> gapExamples = new ArrayList<>();
    private long crossRegressions;
    private final List<String> crossExamples = new ArrayList<>();
    private long directionRegressions;
    private final List<String> directionExamples = new ArrayList<>();

    @Override
    public void packet(long sequence, long timestampNanos, byte[] frame, int offset, int capturedLength, int originalLength) {
        accept(sequence, timestampNanos, MirrorHeaders.sourceIp(frame, offset));
    }

    /** Takes the next packet of the trace. */
    public void accept(long sequence, long timestampNanos, int sourceIp) {
        if (packets == 0) {
            firstSequence = sequence;
        } else {
            if (sequence != previousSequence + 1) {
                gaps++;
                if (gapExamples.size() < EXAMPLES) gapExamples.add(sequence == previousSequence ? "sequence " + sequence + " twice"
                        : "after " + previousSequence + " comes " + sequence);
            }
            if (timestampNanos < previousTimestamp - CROSS_DIRECTION_TOLERANCE_NANOS) {
                crossRegressions++;
                if (crossExamples.size() < EXAMPLES) crossExamples.add("sequence " + sequence + " at " + timestampNanos + " ns after " + previousTimestamp + " ns");
            }
        }
        long last = lastByDirection.getOrDefault(sourceIp, Long.MIN_VALUE);
        if (timestampNanos < last) {
            directionRegressions++;
            if (directionExamples.size() < EXAMPLES) directionExamples.add("sequence " + sequence + " from " + Ipv4Address.format(sourceIp) + " at "
                    + timestampNanos + " ns after " + last + " ns");
        }
        lastByDirection.put(sourceIp, timestampNanos);
        previousSequence = sequence;
        previousTimestamp = timestampNanos;
        packets++;
    }

    /** The verdict, given the switch's counters; without them ({@code null}) completeness cannot be shown. */
    public IntegrityResult finish(RunCounters counters) {
        List<String> reasons = new ArrayList<>();
        if (counters == null) {
            reasons.add("no switch counters: whether every packet the switch received was mirrored and dumped cannot be checked");
        } else {
            long ingress = counters.switchIngress().values().stream().mapToLong(Long::longValue).sum();
            long mirrored = counters.mirrorEgress().values().stream().mapToLong(Long::longValue).sum();
            if (ingress != mirrored) {
                reasons.add("the switch received " + ingress + " RoCE packets " + counters.switchIngress() + " but sent " + mirrored
                        + " mirrored copies " + counters.mirrorEgress());
            }
            if (mirrored != packets) reasons.add("the switch mirrored " + mirrored + " packets but the trace has " + packets);
        }
        if (gaps > 0) reasons.add(gaps + " breaks in the mirror sequence numbers from " + firstSequence + ": " + String.join("; ", gapExamples));
        if (crossRegressions > 0) {
            reasons.add(crossRegressions + " timestamps more than " + CROSS_DIRECTION_TOLERANCE_NANOS + " ns before the previous packet's: "
                    + String.join("; ", crossExamples));
        }
        if (directionRegressions > 0) {
            reasons.add(directionRegressions + " timestamps before the previous packet's in the same direction: " + String.join("; ", directionExamples));
        }
        return new IntegrityResult(reasons.isEmpty(), packets, reasons);
    }

    /** Checks a decoded trace. */
    public static IntegrityResult check(List<TracePacket> trace, RunCounters counters) {
        IntegrityCheck c = new IntegrityCheck();
        for (TracePacket p : trace) c.accept(p.sequence(), p.timestampNanos(), p.srcIp());
        return c.finish(counters);
    }
}
