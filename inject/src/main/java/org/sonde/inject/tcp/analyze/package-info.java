/**
 * Verdicts on a TCP test's trace: recovery of each lost transmission (fast retransmit, RACK, TLP,
 * RTO) against RFC 5681, 6675, 6298 and 8985 and Linux's settings; ECN's echo and CWR (RFC 3168);
 * SACK blocks over delivered bytes only; the trace's integrity against both hosts' counters.
 */
package org.sonde.inject.tcp.analyze;
