/**
 * DETER's lightweight recording (NSDI'19 §3.1–3.3, Table 1) in simulated hosts: a {@link org.sonde.replay.recording.Recorder}
 * attached to the simulator's TCP stacks through {@link org.sonde.sim.tcp.TcpObserver} keeps per connection the
 * application's calls as patterns, the network's drops, reorderings and CE marks seen at each receiver, the handler
 * order with timer firings, the random draws, one-way delays, and send times sampled by
 * {@link org.sonde.replay.recording.RateSampler} (Alg. 1); {@link org.sonde.replay.recording.RecordingFile} is its binary
 * form and {@link org.sonde.replay.recording.ScenarioRecording} runs a scenario recorded ({@code sonde replay record}),
 * with the recording's size against the compressed header trace of the same run.
 */
package org.sonde.replay.recording;
