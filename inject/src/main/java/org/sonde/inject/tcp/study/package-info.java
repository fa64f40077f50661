/**
 * Lumina's §6 for the Linux kernel's TCP: how reno, cubic and bbr recover from a chosen loss, the
 * loss of a retransmission, a tail loss and the loss of a flight's acknowledgements, each an
 * injection test on the Linux target, repeated, with medians against a run without events.
 *
 * <pre>{@code
 * TcpStudyResult r = TcpStudy.run(TcpStudyPlan.full(1), workDir, step -> log(step));
 * TcpStudyJson.write(r, out.resolve("study.json"));
 * }</pre>
 */
package org.sonde.inject.tcp.study;
