/**
 * Streaming analyzers over a reconstructed injection trace (Lumina §4, anchor §2): go-back-N
 * conformance of SEND/WRITE and READ, retransmission latency breakdown, CNP generation and rate
 * limiting, NIC counters against the trace, and message completion times. Each analyzer consumes
 * {@link org.sonde.inject.model.TracePacket}s one at a time in mirror-sequence order with O(1) work per
 * packet and per-QP state, then yields a plain result record; {@link org.sonde.inject.analyze.TraceAnalyzer}
 * runs them all and {@link org.sonde.inject.analyze.AnalysisJson} renders the combined
 * {@link org.sonde.inject.analyze.Analysis}. All PSN comparisons are modulo 2^24.
 */
package org.sonde.inject.analyze;
