/**
 * TCP for the simulator, modelled on Linux 6.x so that a simulated flow behaves, segment by segment, as a Linux
 * flow would: the handshake with its options, slow start and congestion avoidance (Reno, CUBIC with HyStart,
 * DCTCP), SACK, RACK-TLP, PRR, the RTO, delayed and quick ACKs, windows and Nagle. {@link org.sonde.sim.tcp.TcpStack}
 * lists what is modelled, simplified and left out. Comments name the Linux functions and fields (and the RFCs)
 * that each piece follows, so the code can be read beside {@code net/ipv4/tcp_*.c}.
 *
 * <p><b>Public API.</b> {@link org.sonde.sim.tcp.TcpStack} (a host's TCP: connect, listen, counters under
 * {@code nstat} names, {@link org.sonde.sim.tcp.TcpCounter}), {@link org.sonde.sim.tcp.TcpSocket} (one connection
 * endpoint: the application's calls and statistics, {@link org.sonde.sim.tcp.TcpInfo}),
 * {@link org.sonde.sim.tcp.TcpConfig} (every setting, with Linux's defaults), {@link org.sonde.sim.tcp.TcpSegment}
 * (the packet), {@link org.sonde.sim.tcp.TcpFlowTransport} (scenario flows over TCP),
 * {@link org.sonde.sim.tcp.TcpObserver} (what drives each connection, for a recorder or a replayer) and the congestion controls
 * ({@link org.sonde.sim.tcp.CongestionControl}, {@link org.sonde.sim.tcp.CongestionWindow}).
 *
 * <p><b>A connection's parts</b>, the way ns-3 splits its TCP socket. The socket holds the state machine, the
 * handshake and the building of segments, and owns:
 * <ul>
 *   <li>data, no algorithms: {@code Tcb} (the variables the parts share, Linux's {@code struct tcp_sock}),
 *       {@code Scoreboard} (the retransmission queue with its SACK bits, in primitive rings),
 *       {@code ReceiveQueue} (rcv_nxt, the out-of-order ranges and the SACK blocks to send),
 *       {@link org.sonde.sim.tcp.CongestionWindow} and, with {@code send-buffer-growth}, {@code SendBuffer} (Linux's
 *       {@code sk_sndbuf} and {@code sk_wmem_queued} over the write queue's skbs, which the socket's writes fill as
 *       {@code tcp_sendmsg_locked()} does); with {@code socket-backlog}, {@code SocketBacklog} (the segments that
 *       arrive while the application holds the socket, {@code lockSock()} to {@code releaseSock()}, coalesced as
 *       {@code tcp_add_backlog()} does; the socket handles them at the release with the timers that fired meanwhile
 *       and one deferred ACK, as {@code release_sock()} and {@code tcp_release_cb()} do);</li>
 *   <li>{@code Sender}: each ACK ({@code tcp_ack()}), transmission ({@code tcp_write_xmit()}), retransmissions,
 *       the tail loss probe, zero-window probes and the retransmission timer's handlers
 *       ({@code tcp_output.c}, {@code tcp_timer.c}); with {@code tso-deferral}, {@code TsoDeferral} holds a
 *       multi-segment skb back as {@code tcp_tso_should_defer()} does, and each skb goes out within half the
 *       window ({@code tcp_cwnd_test()});</li>
 *   <li>{@code Receiver}: data into the receive queue, when to ACK (quick-ACK mode, the delayed-ACK timeout,
 *       every second segment), the window offered (the free buffer, or Linux 6.x's growth through
 *       {@code rcv_ssthresh}) and the receiver's ECN echo;</li>
 *   <li>{@code SackTagger}: what an ACK says about the segments sent (SACK and D-SACK tagging, the cumulative
 *       ACK with its RTT samples, delivered counts, reordering; duplicate ACKs without SACK);</li>
 *   <li>{@code LossRecovery}: the congestion state machine ({@code tcp_fastretrans_alert()}), recovery, CWR and
 *       the RTO's Loss state, undo, and proportional rate reduction (RFC 6937);</li>
 *   <li>{@code RackTlp}: RACK-TLP loss detection and the probe timeout (RFC 8985, {@code tcp_recovery.c});</li>
 *   <li>{@code RttEstimator}: SRTT, RTTVAR and the RTO (RFC 6298, {@code tcp_rtt_estimator()}), backoff, the
 *       minimum RTT; {@code XmitTimer}: the one timer the RTO, the probes and RACK share
 *       ({@code icsk_pending}); {@code TimerWheel}: when an armed timer fires, at its deadline or, with
 *       {@code timer-tick}, at a tick of Linux's timer wheel;</li>
 *   <li>{@link org.sonde.sim.tcp.CongestionControl}: Reno, CUBIC and DCTCP, called where Linux calls
 *       {@code tcp_congestion_ops}.</li>
 * </ul>
 * The parts are package-private final classes that the socket calls directly; they hold primitive fields and
 * allocate nothing per segment. Those that need no socket ({@code RttEstimator}, {@code RackTlp},
 * {@code SackTagger}, {@code LossRecovery}) take only the data and the parts they read, so they are tested on
 * constructed scoreboards.
 */
package org.sonde.sim.tcp;
