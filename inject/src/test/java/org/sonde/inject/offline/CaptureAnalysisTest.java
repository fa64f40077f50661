package org.sonde.inject.offline;

import org.sonde.inject.report.InjectReport;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.inject.Injection;
import org.sonde.inject.analyze.GbnMode;
import org.sonde.inject.config.CaptureMetadata;
import org.sonde.inject.config.CaptureMetadataFile;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.offline.CaptureAnalysis.TraceKind;
import org.sonde.inject.study.RunTimeline;
import org.sonde.inject.testbed.InjectionResult;
import org.sonde.inject.testbed.TargetSpec;

class CaptureAnalysisTest {
    @TempDir
    Path dir;

    private InjectionResult listing2() {
        return Injection.run(TestConfigLoader.load(Path.of("../examples/inject/listing2.yaml")), TargetSpec.parse("sim:neutral").simulated(), 1, dir);
    }

    @Test
    void aRunsTraceAndMetadataFileGiveTheRunsVerdictsOffline() {
        InjectionResult run = listing2();
        CaptureMetadata metadata = CaptureMetadataFile.load(dir.resolve(Injection.METADATA_FILE));
        assertThat(metadata.metadata()).isEqualTo(run.metadata());
        assertThat(metadata.counters()).isEqualTo(run.counters());

        CaptureAnalysis.Result offline = CaptureAnalysis.analyze(run.trace(), metadata, TraceKind.AUTO, GbnMode.STRICT);
        assertThat(offline.mirrored()).isTrue();
        assertThat(offline.packets()).isEqualTo(run.integrity().tracePackets());
        assertThat(offline.analysis().integrity()).isEqualTo(run.integrity());
        assertThat(offline.analysis().gbn().pass()).isTrue();
        assertThat(offline.analysis().latency().timeouts()).containsExactly(run.analysis().latency().timeouts());
        assertThat(offline.analysis().latency().nakReaction()).containsExactly(run.analysis().latency().nakReaction());
        // Listing 2 numbers its QPs from 1 (qpn: 2 is the second QP): the JSON, offline too, names them so
        assertThat(offline.analysis().firstQpNumber()).isEqualTo(1);
        var json = org.sonde.inject.analyze.AnalysisJson.toJson(offline.analysis());
        assertThat(json.get("completion").get("qps").findValuesAsText("qp")).containsExactly("1", "2");
        assertThat(json.get("latency").get("detail")).isNotEmpty().allSatisfy(d -> assertThat(d.get("qp").asInt()).isEqualTo(2));
        assertThat(json.get("latency").get("detail")).anySatisfy(d -> assertThat(d.get("nackGeneration").isNull()).isTrue());
    }

    @Test
    void aPlainCaptureUpstreamOfTheLossesGivesTheSameVerdictsButCannotProveItIsComplete() {
        InjectionResult run = listing2();
        // what a capture on the requester's link would hold: every packet, with ordinary TTLs and MACs
        Path plain = dir.resolve("plain.pcap");
        List<Long> dropped = new ArrayList<>();
        try (CaptureReader r = CaptureReader.open(run.trace());
             CaptureWriter w = CaptureWriter.pcap(plain, LinkTypes.ETHERNET, 65_535, TimestampResolution.NANOS)) {
            TraceDecoder d = new TraceDecoder();
            while (r.next()) {
                var p = d.decode(r.array(), r.offset(), r.capturedLength(), r.originalLength(), "trace", "packet");
                if (p.event() == InjectedEvent.DROP) dropped.add(r.recordNumber());
                byte[] f = Arrays.copyOfRange(r.array(), r.offset(), r.offset() + r.capturedLength());
                for (int i = 0; i < 12; i++) f[i] = (byte) (0x02 + i); // locally administered MACs
                f[14 + 8] = 64; // TTL
                w.write(p.timestampNanos(), f, 0, f.length);
            }
        }
        assertThat(dropped).hasSize(2);
        assertThat(TraceDecoder.carriesMirrorMetadata(plain)).isFalse();
        CaptureMetadata metadata = CaptureMetadataFile.load(dir.resolve(Injection.METADATA_FILE));
        CaptureAnalysis.Result r = CaptureAnalysis.analyze(plain, metadata, TraceKind.AUTO, GbnMode.STRICT);
        assertThat(r.mirrored()).isFalse();
        assertThat(r.analysis().integrity().pass()).isFalse();
        assertThat(r.analysis().integrity().reasons()).singleElement().asString().contains("no mirror metadata");
        // the losses are inferred from the go-back-N restarts: the same verdicts and latencies as with the metadata
        assertThat(r.analysis().gbn().pass()).as(r.analysis().gbn().reasons().toString()).isTrue();
        assertThat(r.analysis().gbn().qps()).isEqualTo(run.analysis().gbn().qps());
        assertThat(r.analysis().latency().timeouts()).containsExactly(run.analysis().latency().timeouts());
        assertThat(r.analysis().latency().nakGeneration()).containsExactly(run.analysis().latency().nakGeneration());

        // kept for a report: the timeline marks the two inferred losses where the run's marks its two drops
        CaptureAnalysis.Result kept = CaptureAnalysis.analyze(plain, metadata, TraceKind.AUTO, GbnMode.STRICT, true);
        assertThat(r.timeline()).isNull();
        assertThat(kept.timeline().qps().stream().flatMap(q -> q.marks().stream()).filter(m -> m.kind() == RunTimeline.Kind.DROPPED)).hasSize(2);
        String html = InjectReport.ofCapture(plain.toString(), metadata.metadata(), kept.analysis(), kept.packets(), kept.mirrored(),
                kept.timeline(), "test").render();
        assertThat(html).contains("Injection analysis", "plain capture", "<svg", "go-back-N").doesNotContain("Non-zero counter deltas of the run");
    }

    @Test
    void tracesWithMirrorMetadataAreRecognised() {
        InjectionResult run = listing2();
        assertThat(TraceDecoder.carriesMirrorMetadata(run.trace())).isTrue();
        assertThat(TraceDecoder.read(run.trace())).anyMatch(p -> p.event() == InjectedEvent.DROP);
    }
}
