package org.sonde.cli.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.replay.diagnose.CaptureDiagnoser;
import org.sonde.replay.diagnose.CaptureDiagnosis;
import org.sonde.replay.diagnose.FlowDiagnosis;
import org.sonde.replay.diagnose.Retransmission;
import org.sonde.replay.diagnose.SimulatedCaptures;

/**
 * {@code sonde replay diagnose}'s counts against Wireshark's {@code tcp.analysis.*} flags, frame by frame, on real
 * captures: Linux's TCP between namespaces (inject's Listing 2), and the simulator's at the senders and at the
 * receiver of an incast. Zero windows must agree exactly, duplicate ACKs too but for one difference: Wireshark flags a
 * repeated ACK while the other side has nothing outstanding (all it sent is acknowledged), which RFC 5681 and Linux
 * ({@code tcp_ack()}'s no-queue path) do not count as a duplicate and neither do we. Retransmissions and out-of-order
 * segments differ in one way only, and each such frame is checked to be explained: Wireshark calls a segment below
 * the highest sequence "out-of-order" when it comes within the initial RTT (3 ms without a handshake) of the
 * highest segment, without asking whether the bytes had been seen before. We call it a retransmission when the
 * capture already holds the same bytes (reordering cannot make a second copy), or, when the original never reached
 * the capture point, when it came at least one initial RTT after the hole opened (the sender must have heard of the
 * loss first) or three duplicate ACKs had asked for it. Every frame Wireshark flags as a retransmission of any kind is
 * one for us too.
 */
@RequiresTshark
class ReplayDiagnoseTsharkTest {
    private static final List<String> FIELDS = List.of("frame.number", "tcp.analysis.retransmission", "tcp.analysis.fast_retransmission",
            "tcp.analysis.spurious_retransmission", "tcp.analysis.out_of_order", "tcp.analysis.duplicate_ack", "tcp.analysis.zero_window",
            "tcp.stream", "tcp.srcport", "tcp.ack", "tcp.nxtseq");

    @TempDir
    Path dir;

    @Test
    void linuxListing2(Tshark tshark) {
        Comparison c = compare(tshark, SimulatedCaptures.resource(dir, SimulatedCaptures.LINUX_LISTING2));
        assertThat(c.mineRetransmissions).hasSize(5);
        assertThat(c.tsharkDuplicateAcks).isNotEmpty();
    }

    @Test
    void simulatedIncastAtTheSenders(Tshark tshark) {
        SimulatedCaptures.Run rack = SimulatedCaptures.incast(dir, 1, 16, 64_000, 100_000, Map.of());
        Comparison c = compare(tshark, rack.senders());
        assertThat(c.mineRetransmissions).isNotEmpty();
        assertThat(c.explainedByBytesSeen).isPositive();
        SimulatedCaptures.Run reno = SimulatedCaptures.incast(dir, 4, 16, 64_000, 100_000, Map.of("sack", false, "recovery", 0, "early-retrans", 0));
        compare(tshark, reno.senders());
    }

    @Test
    void simulatedIncastAtTheReceiver(Tshark tshark) {
        SimulatedCaptures.Run run = SimulatedCaptures.incast(dir, 2, 16, 64_000, 100_000, Map.of());
        Comparison c = compare(tshark, run.receiver());
        assertThat(c.mineRetransmissions).isNotEmpty();
        assertThat(c.explainedByHoleAge).isPositive();
    }

    /** The frame sets on both sides and how many disagreements each explanation covered. */
    private static final class Comparison {
        final Set<Long> tsharkRetransmissions = new TreeSet<>(), tsharkOutOfOrder = new TreeSet<>(), tsharkDuplicateAcks = new TreeSet<>(),
                tsharkZeroWindows = new TreeSet<>(), tsharkIdleDuplicateAcks = new TreeSet<>(), mineOutOfOrder = new TreeSet<>(),
                mineDuplicateAcks = new TreeSet<>(),
                mineZeroWindows = new TreeSet<>();
        final Map<Long, Retransmission> mineRetransmissions = new HashMap<>();
        final Map<Long, FlowDiagnosis> flowOf = new HashMap<>();
        int explainedByBytesSeen, explainedByHoleAge;
    }

    private static Comparison compare(Tshark tshark, Path capture) {
        Comparison c = new Comparison();
        TsharkRows rows = tshark.fields(capture, FIELDS, Map.of());
        Map<String, Long> sentUpTo = new HashMap<>(); // per stream and sending port, the highest next sequence (relative)
        for (int i = 0; i < rows.size(); i++) {
            long frame = Long.parseLong(rows.field(i, "frame.number"));
            String stream = rows.field(i, "tcp.stream"), from = rows.field(i, "tcp.srcport");
            if (!rows.field(i, "tcp.analysis.duplicate_ack").isEmpty() && !rows.field(i, "tcp.ack").isEmpty()) {
                long peerSent = sentUpTo.entrySet().stream().filter(e -> e.getKey().startsWith(stream + "/") && !e.getKey().equals(stream + "/" + from))
                        .mapToLong(Map.Entry::getValue).max().orElse(0);
                if (Long.parseLong(rows.field(i, "tcp.ack")) >= peerSent) c.tsharkIdleDuplicateAcks.add(frame);
            }
            if (!rows.field(i, "tcp.nxtseq").isEmpty()) sentUpTo.merge(stream + "/" + from, Long.parseLong(rows.field(i, "tcp.nxtseq")), Math::max);
            if (!rows.field(i, "tcp.analysis.retransmission").isEmpty() || !rows.field(i, "tcp.analysis.fast_retransmission").isEmpty()
                    || !rows.field(i, "tcp.analysis.spurious_retransmission").isEmpty()) c.tsharkRetransmissions.add(frame);
            if (!rows.field(i, "tcp.analysis.out_of_order").isEmpty()) c.tsharkOutOfOrder.add(frame);
            if (!rows.field(i, "tcp.analysis.duplicate_ack").isEmpty()) c.tsharkDuplicateAcks.add(frame);
            if (!rows.field(i, "tcp.analysis.zero_window").isEmpty()) c.tsharkZeroWindows.add(frame);
        }
        CaptureDiagnosis d = CaptureDiagnoser.diagnose(capture);
        for (FlowDiagnosis f : d.flows()) {
            for (Retransmission r : f.retransmissions()) {
                c.mineRetransmissions.put(r.frame(), r);
                c.flowOf.put(r.frame(), f);
            }
            c.mineOutOfOrder.addAll(f.outOfOrderFrames());
            c.mineDuplicateAcks.addAll(f.duplicateAckFrames());
            c.mineZeroWindows.addAll(f.zeroWindowFrames());
        }
        String where = capture.getFileName().toString();
        Set<Long> tsharkOutstandingDuplicateAcks = new TreeSet<>(c.tsharkDuplicateAcks);
        tsharkOutstandingDuplicateAcks.removeAll(c.tsharkIdleDuplicateAcks);
        assertThat(c.mineDuplicateAcks).as(where + ": duplicate ACKs (those with data outstanding)").isEqualTo(tsharkOutstandingDuplicateAcks);
        assertThat(c.mineZeroWindows).as(where + ": zero windows").isEqualTo(c.tsharkZeroWindows);
        assertThat(c.mineRetransmissions.keySet()).as(where + ": every frame tshark calls a retransmission").containsAll(c.tsharkRetransmissions);
        assertThat(c.tsharkOutOfOrder).as(where + ": every frame we call out of order").containsAll(c.mineOutOfOrder);
        Set<Long> onlyMine = new TreeSet<>(c.mineRetransmissions.keySet());
        onlyMine.removeAll(c.tsharkRetransmissions);
        Set<Long> onlyTsharkOutOfOrder = new TreeSet<>(c.tsharkOutOfOrder);
        onlyTsharkOutOfOrder.removeAll(c.mineOutOfOrder);
        assertThat(onlyMine).as(where + ": our extra retransmissions are tshark's extra out-of-order segments").isEqualTo(onlyTsharkOutOfOrder);
        for (long frame : onlyMine) {
            Retransmission r = c.mineRetransmissions.get(frame);
            FlowDiagnosis f = c.flowOf.get(frame);
            if (r.originalFrame() > 0) {
                assertThat(r.originalFrame()).as(where + " frame " + frame).isLessThan(frame);
                c.explainedByBytesSeen++;
            } else {
                Long age = r.evidence().figures().get("sinceHoleOpenedMicros");
                assertThat(age).as(where + " frame " + frame + ": neither the original nor the hole's age").isNotNull();
                assertThat(f.initialRttNanos()).as(where + " frame " + frame + ": initial RTT").isPositive();
                boolean askedFor = r.evidence().figures().get("duplicateAcks") >= 3;
                assertThat(askedFor || age * 1000 >= f.initialRttNanos() - 500)
                        .as(where + " frame " + frame + ": the hole's age against the initial RTT, or three duplicate ACKs asked for it").isTrue();
                c.explainedByHoleAge++;
            }
        }
        return c;
    }
}
