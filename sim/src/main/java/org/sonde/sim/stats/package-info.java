/**
 * What a simulation run produced: {@link org.sonde.sim.stats.FlowRecord} (a flow's outcome),
 * {@link org.sonde.sim.stats.Series} (a sampled time series) and
 * {@link org.sonde.sim.stats.RunStatistics} (all of it, as the {@code stats.json} of {@code sonde sim run};
 * only simulated quantities, so equal seeds give byte-identical files).
 */
package org.sonde.sim.stats;
