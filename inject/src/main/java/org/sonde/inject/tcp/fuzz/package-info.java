/**
 * Lumina's Algorithm 1 over the Linux target: a genetic search over a TCP test's event lists
 * (drops, delays, reorderings, duplicates and marks of data segments and acknowledgements) for
 * runs that stall the kernel's TCP for long — back-to-back timeouts, spurious retransmissions —
 * or break an analyzer's verdict; the trigger found is minimised and written as a test.
 *
 * <pre>{@code
 * TcpFuzzResult r = TcpFuzzer.run(TcpFuzzTarget.DEFAULT, 60, 1, outDir, run -> log(run));
 * if (r.trigger() != null) System.out.println(r.minimal());   // also outDir/trigger.yaml
 * }</pre>
 */
package org.sonde.inject.tcp.fuzz;
