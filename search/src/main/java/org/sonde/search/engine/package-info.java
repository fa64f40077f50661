/**
 * The workload engine interface: a point compiles to engine processes
 * ({@link org.sonde.search.engine.CollieEngineCommands}, the flags of Collie's {@code collie_engine};
 * {@link org.sonde.search.engine.PerftestCommands}, perftest's flags, with what perftest cannot
 * express and why), and a run returns counter samples: per-host bits, packets and pause per second,
 * and diagnostic counters ({@link org.sonde.search.engine.Run}). {@link org.sonde.search.engine.OfferedLoad}
 * is what a workload carries on a NIC limited only by its specification.
 *
 * <p>Real testbeds: {@link org.sonde.search.engine.RemoteEngine} runs a point's processes on two
 * hosts through a command template (ssh by default), servers first, bounded by a timeout, and turns
 * the growth of their NIC counters ({@link org.sonde.search.engine.NicCounters}: {@code ethtool -S},
 * hw_counters) and perftest's result table ({@link org.sonde.search.engine.PerftestOutput}) into a
 * sample; {@link org.sonde.search.engine.RemoteTarget} is the testbed's YAML file. Both parsers refuse
 * what is not in the tools' documented formats with the line and what was expected.
 */
package org.sonde.search.engine;
