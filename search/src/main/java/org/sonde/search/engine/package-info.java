/**
 * The workload engine interface: a point compiles to engine processes
 * ({@link org.sonde.search.engine.CollieEngineCommands}, the flags of Collie's {@code collie_engine}),
 * and a run returns counter samples: per-host bits, packets and pause per second, and diagnostic
 * counters ({@link org.sonde.search.engine.Run}). {@link org.sonde.search.engine.OfferedLoad} is what
 * a workload carries on a NIC limited only by its specification.
 */
package org.sonde.search.engine;
