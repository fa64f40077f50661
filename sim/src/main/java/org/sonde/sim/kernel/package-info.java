/**
 * The simulator's discrete-event kernel: {@link org.sonde.sim.kernel.Simulator} (a nanosecond clock and a
 * queue of events that fire in a fixed order, so a run depends only on its inputs and seed),
 * {@link org.sonde.sim.kernel.Timer} (a re-armable timer that keeps the queue small) and
 * {@link org.sonde.sim.kernel.RandomStreams} (one reproducible random stream per named component).
 * Nothing here knows about packets or networks.
 */
package org.sonde.sim.kernel;
