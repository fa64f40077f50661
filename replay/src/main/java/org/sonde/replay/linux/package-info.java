/**
 * DETER on real Linux hosts, without a kernel patch ({@code sonde replay linux}): an eBPF recorder
 * ({@code recorder.bt}, bpftrace on tracepoints: {@code sock:inet_sock_set_state}, {@code sock:sock_send_length},
 * {@code sock:sock_recv_length} with the system calls' entries and threads, {@code sched:sched_switch} for the sleeps
 * inside those calls (which release the socket), {@code tcp:tcp_retransmit_skb},
 * {@code tcp:tcp_cong_state_set}, {@code skb:kfree_skb} for nftables' drops, and {@code timer:timer_expire_entry} for
 * the kernel's timer tick, {@code KernelTimerTick}) on request/response connections
 * between two network namespaces ({@code LinuxRun}), with losses made by nftables rules
 * and an AF_PACKET capture of the same connections; each connection's recording ({@code RecordedConnection}: calls,
 * drops, one-way delay, the kernel's random draws) is replayed
 * alone in the simulator's Linux-like TCP configured from the namespaces' sysctls, and its header sequence per
 * direction compared with the capture ({@link org.sonde.replay.linux.LinuxAgreement}: identity, send-time error,
 * every first divergence with its cause). The recording is JSON ({@code recording.json}), not yet DETER's compact
 * byte streams. The model's receiver grows its window as the kernel's ({@code rcv_ssthresh},
 * {@code tcp_grow_window}, which keeps Linux's quick-ACK budget unspent while the window grows) from
 * {@code tcp_rmem}'s default buffer, without autotuning; its send buffer is the kernel's from {@code tcp_wmem}
 * ({@code KernelTcpConfig}), its sender sends and defers skbs as the kernel's GSO sender ({@code tcp_tso_win_divisor}),
 * its timers fire on the recorded kernel's ticks, and each endpoint's application holds its socket in the spans its
 * recorded reads held the kernel's (from a call's entry to its return less its sleeps, {@code AppCall.Held}; the
 * recorder records writes' spans too), so that what arrives meanwhile waits in the model's socket backlog, coalesced,
 * for one ACK decision at the release. It sets PSH where its send queue
 * empties, where Linux sets it at the end of each burst it sends. {@code LinuxReplay.compareAgain} ({@code sonde replay
 * linux --from DIR}) replays an earlier run's output directory again with this build's model, without root.
 *
 * <pre>{@code
 * LinuxAgreement a = LinuxReplay.run(new LinuxReplayOptions(100, 4, 0.02, 1), Path.of("run"), n -> { });
 * LinuxReplay.summary(a).forEach(System.out::println);
 * LinuxReplay.summary(LinuxReplay.compareAgain(Path.of("run"))).forEach(System.out::println); // again, later
 * }</pre>
 */
package org.sonde.replay.linux;
