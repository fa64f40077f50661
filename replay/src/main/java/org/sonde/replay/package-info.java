/**
 * Deterministic TCP replay and diagnosis after DETER (Y. Li et al., USENIX NSDI 2019). What exists so far is the
 * diagnosis of real captures ({@link org.sonde.replay.diagnose}); recording in simulated hosts, per-connection
 * replay and queue replay are not built yet.
 *
 * <pre>{@code
 * CaptureDiagnosis d = CaptureDiagnoser.diagnose(Path.of("trace.pcapng"));
 * for (FlowDiagnosis f : d.flows())
 *     for (Retransmission r : f.retransmissions())
 *         System.out.println(f.src() + " -> " + f.dst() + " frame " + r.frame() + ": " + r.kind() + ", " + r.evidence().text());
 * CaptureDiagnoser.writeJson(d, Path.of("diagnosis.json"));
 * }</pre>
 */
package org.sonde.replay;
