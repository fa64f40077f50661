/**
 * DETER's butterfly effect in the simulator: naive re-execution with sub-microsecond timing jitter against the
 * run it should reproduce ({@link org.sonde.replay.butterfly.Butterfly}).
 */
package org.sonde.replay.butterfly;
