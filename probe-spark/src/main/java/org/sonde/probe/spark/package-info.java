/**
 * NetSonar's localisation at data-center scale (§3.4's data sink; Pingmesh gathered tens of terabytes
 * a day): the agents' per-probe records aggregated per tuple and window on Apache Spark, embedded
 * ({@code local[*]}) or on a cluster, then localised by probe's {@code Diagnosis} with identical
 * results to the in-process path.
 *
 * <pre>{@code
 * Topology fat = Generators.fatTree(4);
 * Diagnosis.Result r = SparkLocalization.localize(fat, "records.parquet", Diagnosis.Options.defaults(), "local[*]");
 * System.out.println(r.json());
 * }</pre>
 */
package org.sonde.probe.spark;
