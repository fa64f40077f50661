/**
 * Libra on Apache Spark: the same map, shuffle and reduce as Spark jobs, embedded or on a cluster, and the Parquet form of a snapshot's rules. The only package of the module that uses Spark.
 */
package org.sonde.verify.spark;
