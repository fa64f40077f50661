/**
 * Deterministic TCP replay and diagnosis after DETER (Y. Li et al., USENIX NSDI 2019): recording every TCP
 * connection of a simulated run in a few bytes ({@link org.sonde.replay.recording}), replaying any one of them alone
 * to its exact packets and TCP state ({@link org.sonde.replay.connection}), replaying the run's switch queues from the
 * connections' packets ({@link org.sonde.replay.queues}), the diagnosis of real captures
 * ({@link org.sonde.replay.diagnose}), and real Linux connections recorded with eBPF, replayed in the simulator's TCP
 * and compared with their capture ({@link org.sonde.replay.linux}).
 *
 * <pre>{@code
 * ScenarioRecording.Summary s = ScenarioRecording.record(Path.of("incast.yaml"), 1, 5_000, ScenarioRecording.WHOLE_FRAMES, Path.of("rec"), null);
 * Recording rec = ScenarioRecording.read(Path.of("rec"));
 * ConnectionReplay r = ConnectionReplays.replayAlone(rec, 3); // packets and state after every event
 * ConnectionReplays.write(r, Path.of("conn3"));               // packets.pcapng, state.json
 * QueueReplayResult q = QueueReplay.replay(Path.of("rec"), QueueReplayOptions.DEFAULT, null); // queues against the run's
 *
 * CaptureDiagnosis d = CaptureDiagnoser.diagnose(Path.of("trace.pcapng"));
 * for (FlowDiagnosis f : d.flows())
 *     for (Retransmission x : f.retransmissions())
 *         System.out.println(f.src() + " -> " + f.dst() + " frame " + x.frame() + ": " + x.kind() + ", " + x.evidence().text());
 * for (FlowDiagnosis f : d.flows())
 *     for (Slowdown w : f.slowdowns()) System.out.println(f.src() + " slow: " + w.kind() + ", " + w.evidence().text());
 * CaptureDiagnoser.writeJson(d, Path.of("diagnosis.json"));
 * DiagnosisReport.write(d, Path.of("trace.pcapng"), Path.of("diagnosis.html"), "sonde replay diagnose trace.pcapng", "0.1");
 *
 * LinuxAgreement a = LinuxReplay.run(new LinuxReplayOptions(100, 4, 0.02, 1), Path.of("run"), done -> { }); // root, bpftrace
 * LinuxReplay.summary(a).forEach(System.out::println);
 * }</pre>
 */
package org.sonde.replay;
