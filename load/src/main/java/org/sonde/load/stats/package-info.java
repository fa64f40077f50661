/**
 * What a test counts: each worker's counters under dperf's names ({@link org.sonde.load.stats.Counter},
 * written only by the worker), summed once a second into a {@link org.sonde.load.stats.Second}
 * by the {@link org.sonde.load.stats.StatsCollector}, with the kernel's own TCP counters beside
 * them, and printed in dperf's layout ({@link org.sonde.load.stats.DperfLayout}).
 */
package org.sonde.load.stats;
