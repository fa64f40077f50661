package org.sonde.inject;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;
import org.sonde.inject.analyze.AnalysisJson;
import org.sonde.inject.analyze.NicModel;
import org.sonde.inject.config.CaptureMetadata;
import org.sonde.inject.config.CaptureMetadataFile;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.testbed.InjectionResult;
import org.sonde.inject.testbed.SimulatedTestbed;
import org.sonde.inject.testbed.TargetSpec;

/**
 * Runs one injection test: sets the target up, programs the injector from the run-time metadata, runs
 * the traffic, and leaves in {@code outDir} the dumpers' captures ({@code dumpers/NAME.pcap}), the
 * reconstructed trace ({@code trace.pcap}), {@code result.json} (metadata, counters, integrity,
 * traffic outcome), {@code metadata.yaml} (the QPs and counters, for a later {@code sonde inject analyze})
 * and {@code analysis.json} (integrity, go-back-N, retransmission latency, CNPs,
 * counters, completion times). The same test, target and seed give byte-identical files.
 */
public final class Injection {
    /** The QPs of the trace, in the format {@code sonde inject analyze} reads ({@link CaptureMetadataFile}). */
    public static final String METADATA_FILE = "metadata.yaml";

    private Injection() {}

    public static InjectionResult run(TestConfig config, TargetSpec.Simulated target, long seed, Path outDir) {
        InjectionResult r = SimulatedTestbed.run(config, target, seed, outDir);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("test", config.name());
        json.put("seed", seed);
        json.put("target", target);
        json.put("integrity", r.integrity());
        json.put("traffic", r.traffic());
        json.put("heldAtEnd", r.heldAtEnd());
        json.put("injectionEntries", r.plan().entries().size());
        json.put("metadata", r.metadata());
        json.put("counters", r.counters());
        json.put("ignoredSettings", config.ignoredSettings());
        AtomicFiles.write(outDir.resolve("result.json"), out -> Json.mapper().writeValue(out, json));
        NicModel nic = NicModel.ofProfile(target.profile());
        CaptureMetadataFile.write(new CaptureMetadata(r.metadata(), nic, nic, config.traffic().minRetransmitTimeout(),
                config.traffic().maxRetransmitRetry(), r.counters()), outDir.resolve(METADATA_FILE));
        AtomicFiles.write(outDir.resolve("analysis.json"), out -> Json.mapper().writerWithDefaultPrettyPrinter().writeValue(out, AnalysisJson.toJson(r.analysis())));
        return r;
    }
}
