/**
 * The HTML report of a simulation run ({@link org.sonde.sim.report.SimReport}): throughput, queue
 * lengths, congestion windows or rates, flow completion times, PFC pauses and counters, drawn from
 * a {@link org.sonde.sim.stats.RunStatistics}. Nothing is simulated here; {@code sonde sim run}
 * and the demo write it.
 */
package org.sonde.sim.report;
