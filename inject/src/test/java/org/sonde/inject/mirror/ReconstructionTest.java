package org.sonde.inject.mirror;

import org.sonde.inject.model.IntegrityResult;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.core.BadInputException;
import org.sonde.inject.config.DumperSpec;
import org.sonde.inject.config.MirrorConfig;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.RunCounters;
import org.sonde.inject.model.TracePacket;

/** The dumper pool, trace reconstruction and its integrity, including a dumper that loses packets. */
class ReconstructionTest {
    static final long EPOCH = 1_767_225_600_000_000_000L;

    @TempDir
    Path dir;

    /** Mirrors {@code count} packets with sequence numbers from {@code firstSequence} (wrapping) through a pool, 100 ns apart. */
    static MirrorPool mirror(MirrorConfig config, Path dir, long firstSequence, int count) {
        MirrorPool pool = new MirrorPool(config, dir, 2);
        long seq = firstSequence;
        for (int i = 0; i < count; i++) {
            byte[] copy = MirrorMetadataTest.write(i & 0xFFFFFF).encode();
            long ts = 1_000 + 100L * i;
            MirrorHeaders.encodeAtSwitch(copy, seq, ts, i % 7 == 0 ? InjectedEvent.DROP : InjectedEvent.NONE, config.rewriteUdpDstPort(), i);
            pool.send(EPOCH + ts, copy);
            seq = seq == MirrorSequence.MAX ? 1 : seq + 1;
        }
        pool.close();
        return pool;
    }

    static RunCounters counters(long ingress, MirrorPool pool) {
        return new RunCounters(Map.of(0, ingress), pool.egressCounters(), Map.of(), Map.of());
    }

    @Test
    void weightedPoolTrimmedCapturesMergeIntoACompleteTrace() throws Exception {
        MirrorConfig config = new MirrorConfig(List.of(new DumperSpec("a", 2, 0, 16), new DumperSpec("b", 1, 0, 16)), 128, 9741);
        MirrorPool pool = mirror(config, dir, 1, 300);
        assertThat(pool.egressCounters()).isEqualTo(Map.of(2, 200L, 3, 100L));
        try (CaptureReader r = CaptureReader.open(dir.resolve("a.pcap"))) {
            assertThat(r.next()).isTrue();
            assertThat(r.capturedLength()).isEqualTo(128);
            assertThat(r.originalLength()).isGreaterThan(1024);
            assertThat(r.timestampNanos()).isEqualTo(EPOCH + 1_000);
        }
        IntegrityCheck check = new IntegrityCheck();
        Path trace = dir.resolve("trace.pcap");
        var result = TraceReconstructor.reconstruct(pool.files(), trace, TraceReconstructor.Format.PCAP, EPOCH, check);
        assertThat(result).extracting(TraceReconstructor.Result::packets, TraceReconstructor.Result::firstSequence, TraceReconstructor.Result::lastSequence)
                .containsExactly(300L, 1L, 300L);
        assertThat(check.finish(counters(300, pool)).pass()).isTrue();
        List<TracePacket> packets = TraceDecoder.read(trace);
        assertThat(packets).extracting(TracePacket::sequence).isSorted().startsWith(1L, 2L, 3L).hasSize(300);
        assertThat(packets.get(7).event()).isEqualTo(InjectedEvent.DROP);
        assertThat(packets.get(8).psn()).isEqualTo(8);
        try (CaptureReader r = CaptureReader.open(trace)) {
            r.next();
            r.next();
            assertThat(r.timestampNanos()).as("the switch timestamp").isEqualTo(EPOCH + 1_100);
        }
        Path ng = dir.resolve("trace.pcapng");
        TraceReconstructor.reconstruct(pool.files(), ng, TraceReconstructor.Format.PCAPNG, EPOCH, null);
        assertThat(TraceDecoder.read(ng)).isEqualTo(packets);
    }

    @Test
    void aDumperThatLosesPacketsMakesTheTraceInvalid() {
        // "slow" takes one packet per µs with a 4-packet ring, but gets one every 300 ns
        MirrorConfig config = new MirrorConfig(List.of(new DumperSpec("fast", 2, 0, 16), new DumperSpec("slow", 1, 1_000_000, 4)), 128, 9741);
        MirrorPool pool = mirror(config, dir, 1, 300);
        Dumper slow = pool.dumpers().get(1);
        assertThat(slow.lost()).isPositive();
        assertThat(slow.written() + slow.lost()).isEqualTo(100);
        IntegrityCheck check = new IntegrityCheck();
        var result = TraceReconstructor.reconstruct(pool.files(), dir.resolve("trace.pcap"), TraceReconstructor.Format.PCAP, EPOCH, check);
        assertThat(result.packets()).isEqualTo(300 - slow.lost());
        IntegrityResult verdict = check.finish(counters(300, pool));
        assertThat(verdict.pass()).isFalse();
        assertThat(verdict.reasons()).anySatisfy(r -> assertThat(r).contains("mirrored 300 packets but the trace has " + result.packets()))
                .anySatisfy(r -> assertThat(r).contains("breaks in the mirror sequence numbers"));
    }

    @Test
    void sequenceWrapIsUndone() {
        MirrorPool pool = mirror(MirrorConfig.DEFAULT, dir, MirrorSequence.MAX - 5, 20);
        IntegrityCheck check = new IntegrityCheck();
        var result = TraceReconstructor.reconstruct(pool.files(), dir.resolve("t.pcap"), TraceReconstructor.Format.PCAP, EPOCH, check);
        assertThat(result.firstSequence()).isEqualTo(MirrorSequence.MAX - 5);
        assertThat(result.lastSequence()).isEqualTo(MirrorSequence.MAX + 14);
        assertThat(check.finish(counters(20, pool)).pass()).isTrue();
    }

    @Test
    void aDumperCaptureOutOfMirrorOrderIsRejectedNamingThePacket() throws Exception {
        Path bad = dir.resolve("bad.pcap");
        try (CaptureWriter w = CaptureWriter.pcap(bad, LinkTypes.ETHERNET, 128, TimestampResolution.NANOS)) {
            for (long seq : new long[] {5, 6, 4}) {
                byte[] f = MirrorMetadataTest.write(1).encode();
                MirrorHeaders.encodeAtSwitch(f, seq, seq, InjectedEvent.NONE, 9741, 1);
                MirrorHeaders.restoreAtDumper(f, f.length, 9741);
                w.write(seq, f, 0, f.length);
            }
        }
        assertThatThrownBy(() -> TraceReconstructor.reconstruct(List.of(bad), dir.resolve("t.pcap"), TraceReconstructor.Format.PCAP, 0, null))
                .isInstanceOf(BadInputException.class).hasMessageContaining("bad.pcap: packet 3").hasMessageContaining("4 follows 6");
        assertThat(Files.exists(dir.resolve("t.pcap"))).as("no partial trace left").isFalse();
    }

    @Property(tries = 30)
    void anyPoolReconstructsTheMirrorOrder(@ForAll @Size(min = 1, max = 4) List<@IntRange(min = 1, max = 5) Integer> weights,
                                           @ForAll @IntRange(min = 0, max = 400) int count,
                                           @ForAll @LongRange(min = MirrorSequence.MAX - 300, max = MirrorSequence.MAX) long first) throws Exception {
        Path d = Files.createTempDirectory("pool");
        List<DumperSpec> specs = new ArrayList<>();
        for (int i = 0; i < weights.size(); i++) specs.add(new DumperSpec("d" + i, weights.get(i), 0, 8));
        MirrorPool pool = mirror(new MirrorConfig(specs, 100, 9741), d, first, count);
        IntegrityCheck check = new IntegrityCheck();
        var result = TraceReconstructor.reconstruct(pool.files(), d.resolve("t.pcap"), TraceReconstructor.Format.PCAP, EPOCH, check);
        assertThat(result.packets()).isEqualTo(count);
        assertThat(check.finish(counters(count, pool)).pass()).isTrue();
        List<TracePacket> t = TraceDecoder.read(d.resolve("t.pcap"));
        for (int i = 0; i < t.size(); i++) assertThat(t.get(i).psn()).isEqualTo(i);
        try (var files = Files.list(d)) {
            for (Path p : files.toList()) Files.delete(p);
        }
        Files.delete(d);
    }
}
