/**
 * What an injection test produces and every analyzer reads: the reconstructed trace
 * ({@link org.sonde.inject.model.TracePacket}, one per mirrored packet, in mirror-sequence order), the
 * runtime description of the queue pairs under test ({@link org.sonde.inject.model.TestMetadata}, Lumina's
 * {@code switch_message_snapshot.yml}) and the counters taken around the run
 * ({@link org.sonde.inject.model.RunCounters}). Plain values, no behaviour beyond field predicates.
 */
package org.sonde.inject.model;
