import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.sonde.inject.analyze.Analysis;
import org.sonde.inject.analyze.AnalysisOptions;
import org.sonde.inject.analyze.GbnMode;
import org.sonde.inject.analyze.TraceAnalyzer;
import org.sonde.inject.config.CaptureMetadata;
import org.sonde.inject.config.CaptureMetadataFile;
import org.sonde.inject.mirror.IntegrityCheck;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.mirror.TraceReconstructor;
import org.sonde.inject.mirror.TraceSink;
import org.sonde.inject.model.IntegrityResult;
import org.sonde.inject.offline.CaptureAnalysis;

/**
 * Reconstruction plus every analyzer over a run's dumper captures, as `sonde inject run` does it in one
 * streaming pass: merge by mirror sequence number into a new trace file, check integrity, decode and
 * analyse. Prints one JSON line per repetition: packets, seconds, packets per second.
 * Usage: java -cp cli/target/sonde.jar bench/inject/TraceThroughput.java RUN_DIR REPETITIONS
 */
public class TraceThroughput {
    public static void main(String[] args) throws Exception {
        Path run = Path.of(args[0]);
        int repetitions = Integer.parseInt(args[1]);
        CaptureMetadata m = CaptureMetadataFile.load(run.resolve("metadata.yaml"));
        List<Path> dumpers;
        try (Stream<Path> s = Files.list(run.resolve("dumpers"))) {
            dumpers = s.filter(p -> p.toString().endsWith(".pcap")).sorted().toList();
        }
        AnalysisOptions options = CaptureAnalysis.options(m, GbnMode.STRICT); // what `sonde inject analyze` uses
        Path out = Files.createTempFile("trace", ".pcap");
        try {
            for (int i = 0; i < repetitions; i++) {
                long t0 = System.nanoTime();
                IntegrityCheck check = new IntegrityCheck();
                TraceAnalyzer analyzer = new TraceAnalyzer(m.metadata(), options);
                TraceReconstructor.Result r = TraceReconstructor.reconstruct(dumpers, out, TraceReconstructor.Format.PCAP, 0,
                        TraceSink.tee(check, TraceDecoder.decoding(out.toString(), analyzer::accept)));
                IntegrityResult integrity = check.finish(m.counters());
                Analysis a = analyzer.finish(integrity, m.counters());
                double seconds = (System.nanoTime() - t0) / 1e9;
                System.out.printf("{\"packets\": %d, \"seconds\": %.3f, \"packetsPerSecond\": %.0f, \"integrity\": %b, \"gbn\": %b, \"losses\": %d}%n",
                        r.packets(), seconds, r.packets() / seconds, integrity.pass(), a.gbn().pass(), a.latency().losses().size());
            }
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
