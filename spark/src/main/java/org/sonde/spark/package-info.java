/**
 * The Apache Spark set-up every capability that runs on Spark shares (Libra's verification, NetSonar's
 * localisation): master URLs checked before Spark starts ({@link org.sonde.spark.SparkMaster}, which
 * loads no Spark class), sessions embedded or on a cluster and Spark's failures as environment errors
 * ({@link org.sonde.spark.SparkSessions}).
 *
 * <pre>{@code
 * SparkMaster.requireSpark();                       // an environment error with a way out, before any Spark class loads
 * SparkSession spark = SparkSessions.session("sonde probe", SparkMaster.check("local[*]"));
 * long rows = SparkSessions.job("local[*]", () -> spark.read().parquet("results.parquet").count());
 * }</pre>
 */
package org.sonde.spark;
