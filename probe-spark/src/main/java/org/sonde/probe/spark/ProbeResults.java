package org.sonde.probe.spark;

import java.nio.file.Path;
import java.util.List;
import org.sonde.probe.localize.Diagnosis;
import org.sonde.probe.localize.ProbeRecord;
import org.sonde.probe.localize.ProbesCsv;
import org.sonde.probe.topology.Topology;

/**
 * Probe results wherever they are kept: the agents' records as CSV or as Parquet (a name ending in
 * {@code .parquet}), localised in this process or on Spark, with identical results.
 */
public final class ProbeResults {
    private ProbeResults() {}

    /**
     * Whether results are named as Parquet. Reading or writing them needs parquet-java, which comes
     * with Spark; this class loads neither, so CSV needs neither.
     */
    public static boolean parquet(String file) {
        return file.endsWith(".parquet");
    }

    /** Writes the agents' records to {@code file}, as Parquet when it is so named, else as CSV. */
    public static void write(Path file, List<ProbeRecord> records) {
        if (parquet(file.toString())) ProbesParquet.write(file, records);
        else ProbesCsv.write(file, records);
    }

    /**
     * Localises {@code results}: in this process when {@code master} is null (a local file: per-window
     * rows or records as CSV, or records as Parquet), else on Spark at that master URL
     * ({@link SparkLocalization}: records as CSV or Parquet, at any path Spark reads).
     */
    public static Diagnosis.Result localize(Topology topology, String results, Diagnosis.Options options, String master) {
        if (master != null) return SparkLocalization.localize(topology, results, options, master);
        Path file = Path.of(results);
        if (parquet(results)) return Diagnosis.localizeRecords(topology, ProbesParquet.read(file), results, options);
        return Diagnosis.localize(topology, file, options);
    }
}
