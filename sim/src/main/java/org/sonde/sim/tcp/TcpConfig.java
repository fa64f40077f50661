package org.sonde.sim.tcp;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sonde.core.config.ConfigMap;

/**
 * Every setting of the simulated TCP, with Linux's defaults (sysctl names in brackets).
 *
 * @param congestionControl  {@code net.ipv4.tcp_congestion_control} (cubic)
 * @param mss                the MSS advertised in SYNs (the route's advmss: MTU 1500 minus 40); data segments carry
 *                           this minus 12 bytes when timestamps are on, as Linux's {@code mss_cache}
 * @param initCwnd           initial congestion window in segments (TCP_INIT_CWND 10)
 * @param rtoMinNanos        {@code TCP_RTO_MIN} 200 ms (per route {@code rto_min})
 * @param rtoMaxNanos        {@code TCP_RTO_MAX} 120 s
 * @param rtoInitialNanos    {@code TCP_TIMEOUT_INIT} 1 s
 * @param delayedAckNanos    {@code TCP_ATO_MIN} = {@code TCP_DELACK_MIN} 40 ms: the delayed-ACK timeout floor
 * @param delayedAckMaxNanos {@code TCP_DELACK_MAX} 200 ms
 * @param quickAcks          {@code TCP_MAX_QUICKACKS} 16
 * @param receiveBufferBytes receive space the window is offered from: with {@code receiveWindowGrowth} off, payload bytes
 *                           (the window offers the free buffer); with it on, Linux's {@code sk_rcvbuf} in memory bytes
 *                           ({@code tcp_rmem[1]}, 128 KiB since 4.20), of which the window offers the scaling ratio's share
 *                           (autotuning not modelled)
 * @param initialReceiveWindowBytes the window offered in the SYN or SYN-ACK (Linux since 4.19: 65535; before: 10 segments,
 *                           e.g. 14600); it also sizes quick-ACK mode at the first data ({@code tcp_incr_quickack()}).
 *                           Later windows offer the free buffer at once. Unused with {@code receiveWindowGrowth}, which
 *                           sizes the initial window from the buffer as Linux does
 * @param sendBufferBytes    unacknowledged plus unsent bytes the kernel holds ({@code tcp_wmem}); the application's
 *                           further writes wait, as a blocking {@code write()} would
 * @param sack               {@code tcp_sack} (1)
 * @param dsack              {@code tcp_dsack} (1)
 * @param timestamps         {@code tcp_timestamps} (1)
 * @param windowScaling      {@code tcp_window_scaling} (1)
 * @param nagle              Nagle's algorithm (on unless {@code TCP_NODELAY}), Linux's Minshall variant
 * @param ecn                request ECN on active opens ({@code tcp_ecn=1}); ECN is always accepted on passive opens
 *                           ({@code tcp_ecn=2}, the default) and always used by DCTCP
 * @param reordering         {@code tcp_reordering} 3: the initial duplicate-ACK threshold
 * @param maxReordering      {@code tcp_max_reordering} 300
 * @param synRetries         {@code tcp_syn_retries} 6
 * @param synAckRetries      {@code tcp_synack_retries} 5
 * @param retries2           {@code tcp_retries2} 15: RTOs before a connection is given up
 * @param timeWaitNanos      {@code TCP_TIMEWAIT_LEN} 60 s
 * @param dctcpShiftG        DCTCP's gain g = 2^-shift ({@code dctcp_shift_g} 4, g = 1/16)
 * @param dctcpAlphaOnInit   DCTCP's initial α × 1024 ({@code dctcp_alpha_on_init} 1024)
 * @param readRateBps        rate at which receiving applications read, 0: everything as soon as it arrives
 * @param readSizeBytes      bytes one {@code read()} call of a rate-limited reader asks for
 * @param hystart            CUBIC's HyStart ({@code tcp_cubic} module parameter {@code hystart}, on)
 * @param recovery           {@code tcp_recovery} (1), a bit mask: {@link #RACK_LOSS_DETECTION} makes RACK (RFC 8985) the
 *                           loss detection of SACK connections instead of the duplicate threshold (RFC 6675, which Linux
 *                           6.17 removed: a kernel's sysctl is taken by {@link #kernelRecovery}), {@link #RACK_STATIC_REO_WND}
 *                           keeps its reordering window at min_rtt/4 instead of growing it on D-SACKs,
 *                           {@link #RACK_NO_DUPTHRESH} keeps that window even once {@code reordering} segments are SACKed
 * @param earlyRetrans       {@code tcp_early_retrans} (3): 3 or 4 send tail loss probes (TLP), other values do not
 * @param receiveWindowGrowth the receiver grows its window as Linux 6.x does ({@code rcv_ssthresh} raised per segment by
 *                           {@code tcp_grow_window()}, which also refills quick ACKs, within {@code window_clamp}; the
 *                           skb's {@code len/truesize} ratio, {@code scaling_ratio}, turns buffer into window) and sizes
 *                           its initial windows and window scale from the buffers as {@code tcp_select_initial_window()};
 *                           off (the default): the window offers the free buffer from the first ACK on
 * @param receiveBufferMaxBytes {@code tcp_rmem[2]} (32 MiB since 6.16): with {@code receiveWindowGrowth}, the window scale
 *                           is the one that covers it
 * @param sendBufferGrowth   the send buffer is Linux's ({@link SendBuffer}): {@code sk_sndbuf} starts at
 *                           {@code sendBufferDefaultBytes}, is sized for the window when the connection opens and grows
 *                           with it ({@code tcp_sndbuf_expand()}) up to {@code sendBufferBytes} ({@code tcp_wmem[2]}), it
 *                           counts each skb's memory, and a write waits for room at an skb's start; off (the default):
 *                           {@code sendBufferBytes} of payload, filled as soon as acknowledgements free it
 * @param sendBufferDefaultBytes {@code tcp_wmem[1]} (16 KiB): the buffer before the connection opens
 * @param timerTickNanos     the kernel's tick (1 s / {@code CONFIG_HZ}) when the timers (retransmission, loss probe,
 *                           reordering, zero-window probe, delayed ACK) are armed in jiffies on Linux's timer wheel, so
 *                           that they fire at a tick ({@link TimerWheel}); 0 (the default): they fire at their deadlines
 * @param timerTickOriginNanos the simulated time at which jiffies was 0 (negative when before the simulation's start):
 *                           where the ticks fall and which of them the timer wheel's coarser levels round to
 * @param tsoDeferral        the sender defers a multi-segment skb as Linux's {@code tcp_tso_should_defer()} does (with
 *                           software GSO too, so whatever the device's offloads): after an ACK that frees less than
 *                           {@code tsoWinDivisor}'s share of the window, while the next ACK is due within half an RTT, it
 *                           waits for more, so the window goes out in bursts; {@code tcp_push_one()} sends one skb
 *                           without deferring. Off (the default): the window is filled at every ACK
 * @param tsoWinDivisor      {@code tcp_tso_win_divisor} (3): the share of the window ({@code 1/divisor}) worth sending at
 *                           once; 0: three segments ({@code tcp_max_tso_deferred_mss()})
 * @param socketBacklog      the application owns the socket during its calls, as Linux's {@code lock_sock()}: segments
 *                           that arrive meanwhile wait in the socket's backlog ({@link SocketBacklog}, which coalesces them as
 *                           {@code tcp_add_backlog()} does) and the timers that fire are deferred, all handled when the
 *                           application releases it ({@link TcpSocket#releaseSock()}), an immediate ACK deferred to the
 *                           end ({@code tcp_backlog_ack_defer}). Off (the default): {@link TcpSocket#lockSock()} does nothing
 * @param frto               {@code tcp_frto} (2): after an RTO that began a loss episode (or repeated one on the same
 *                           {@code snd_una}), F-RTO (RFC 5682, the SACK-enhanced variant Linux runs for 1 and 2 alike)
 *                           sends new data on the first ACK that advances {@code snd_una} instead of retransmitting more,
 *                           and undoes the window reduction when data never retransmitted is then acknowledged or
 *                           SACKed (a spurious timeout); 0: every segment the timeout marked lost is retransmitted
 */
public record TcpConfig(CongestionControlKind congestionControl, int mss, int initCwnd, long rtoMinNanos, long rtoMaxNanos,
                        long rtoInitialNanos, long delayedAckNanos, long delayedAckMaxNanos, int quickAcks,
                        long receiveBufferBytes, long initialReceiveWindowBytes, long sendBufferBytes, boolean sack, boolean dsack, boolean timestamps,
                        boolean windowScaling, boolean nagle, boolean ecn, int reordering, int maxReordering,
                        int synRetries, int synAckRetries, int retries2, long timeWaitNanos, int dctcpShiftG,
                        int dctcpAlphaOnInit, long readRateBps, int readSizeBytes, boolean hystart, int recovery, int earlyRetrans,
                        boolean receiveWindowGrowth, long receiveBufferMaxBytes, boolean sendBufferGrowth, long sendBufferDefaultBytes,
                        long timerTickNanos, long timerTickOriginNanos, boolean tsoDeferral, int tsoWinDivisor, boolean socketBacklog,
                        int frto) {

    /** {@code TCP_RACK_LOSS_DETECTION}. */
    public static final int RACK_LOSS_DETECTION = 1;
    private static final Pattern KERNEL_VERSION = Pattern.compile("^\\D*(\\d+)\\.(\\d+)");
    /** {@code TCP_RACK_STATIC_REO_WND}. */
    public static final int RACK_STATIC_REO_WND = 2;
    /** {@code TCP_RACK_NO_DUPTHRESH}. */
    public static final int RACK_NO_DUPTHRESH = 4;

    /**
     * Whether a kernel detects losses with RACK whatever {@code tcp_recovery} says: Linux 6.17 removed RFC 6675's
     * duplicate-threshold recovery, so its bit {@link #RACK_LOSS_DETECTION} has no effect from then on. {@code release}
     * is {@code uname -r}'s (or "Linux 6.18.44-..."); anything without a version (the model's own name) stands for the
     * modelled kernel, Linux 6.18.
     */
    public static boolean rackAlways(String release) {
        Matcher m = KERNEL_VERSION.matcher(release == null ? "" : release);
        if (!m.find()) return true;
        int major = Integer.parseInt(m.group(1)), minor = Integer.parseInt(m.group(2));
        return major > 6 || (major == 6 && minor >= 17);
    }

    /** The {@code recovery} a kernel of {@code release} runs with its {@code tcp_recovery} sysctl (see {@link #rackAlways}). */
    public static int kernelRecovery(int tcpRecovery, String release) {
        return rackAlways(release) ? tcpRecovery | RACK_LOSS_DETECTION : tcpRecovery;
    }

    /** The congestion controls of {@code net.ipv4.tcp_available_congestion_control} that are modelled. */
    public enum CongestionControlKind { RENO, CUBIC, DCTCP }

    public static final TcpConfig LINUX = new TcpConfig(CongestionControlKind.CUBIC, 1460, 10, 200_000_000L,
            120_000_000_000L, 1_000_000_000L, 40_000_000L, 200_000_000L, 16, 6_291_456, 65_535, 4_194_304, true, true, true,
            true, true, false, 3, 300, 6, 5, 15, 60_000_000_000L, 4, 1024, 0, 65_536, true, RACK_LOSS_DETECTION, 3,
            false, 33_554_432, false, 16_384, 0, 0, false, 3, false, 2);

    public TcpConfig {
        if (mss < 88 || mss > 65_495) throw new IllegalArgumentException("mss " + mss + " is outside 88..65495");
        if (initCwnd < 1) throw new IllegalArgumentException("init-cwnd must be at least 1");
        if (rtoMinNanos <= 0 || rtoMaxNanos < rtoMinNanos) throw new IllegalArgumentException("need 0 < rto-min <= rto-max");
        if (reordering < 1 || maxReordering < reordering) throw new IllegalArgumentException("need 1 <= reordering <= max-reordering");
        if (receiveBufferBytes < 2L * mss) throw new IllegalArgumentException("receive-buffer must hold two segments");
        if (sendBufferBytes < mss) throw new IllegalArgumentException("send-buffer must hold a segment");
        if (receiveBufferMaxBytes < receiveBufferBytes) throw new IllegalArgumentException("receive-buffer-max must be at least receive-buffer");
        if (sendBufferDefaultBytes < 1) throw new IllegalArgumentException("send-buffer-default must be positive");
        if (timerTickNanos < 0) throw new IllegalArgumentException("timer-tick must not be negative");
        if (tsoWinDivisor < 0) throw new IllegalArgumentException("tso-win-divisor must not be negative");
        if (frto < 0 || frto > 2) throw new IllegalArgumentException("frto " + frto + " is outside 0..2");
    }

    /** The same settings with the timers armed in jiffies of {@code tickNanos}, jiffies being 0 at {@code originNanos}. */
    public TcpConfig withTimerTicks(long tickNanos, long originNanos) {
        return new TcpConfig(congestionControl, mss, initCwnd, rtoMinNanos, rtoMaxNanos, rtoInitialNanos, delayedAckNanos, delayedAckMaxNanos,
                quickAcks, receiveBufferBytes, initialReceiveWindowBytes, sendBufferBytes, sack, dsack, timestamps, windowScaling, nagle, ecn,
                reordering, maxReordering, synRetries, synAckRetries, retries2, timeWaitNanos, dctcpShiftG, dctcpAlphaOnInit, readRateBps,
                readSizeBytes, hystart, recovery, earlyRetrans, receiveWindowGrowth, receiveBufferMaxBytes, sendBufferGrowth, sendBufferDefaultBytes,
                tickNanos, originNanos, tsoDeferral, tsoWinDivisor, socketBacklog, frto);
    }

    /** When the connection's timers fire. */
    TimerWheel timerWheel() {
        return new TimerWheel(timerTickNanos, timerTickOriginNanos);
    }

    /** RACK detects losses (with SACK; connections without it keep NewReno). */
    boolean rack() {
        return (recovery & RACK_LOSS_DETECTION) != 0;
    }

    /** F-RTO runs after a timeout ({@code tcp_enter_loss()}'s test of {@code sysctl_tcp_frto}). */
    boolean fRto() {
        return frto != 0;
    }

    /** Tail loss probes are sent ({@code tcp_schedule_loss_probe()}'s test of {@code tcp_early_retrans}). */
    boolean tailLossProbes() {
        return earlyRetrans == 3 || earlyRetrans == 4;
    }

    /** Payload bytes of a full data segment (Linux's {@code mss_cache}) when both ends advertise {@link #mss}. */
    int segmentPayload() {
        return mss - (timestamps ? TcpSegment.TIMESTAMP_OPTION_BYTES : 0);
    }

    /** Reads a {@code tcp:} section; absent keys keep Linux's defaults, unknown keys are errors. */
    public static TcpConfig parse(ConfigMap c) {
        TcpConfig d = LINUX;
        TcpConfig t = new TcpConfig(
                c.choice("congestion-control", CongestionControlKind.class, d.congestionControl),
                (int) c.integer("mss", d.mss, 88, 65_495),
                (int) c.integer("init-cwnd", d.initCwnd, 1, 1000),
                c.nanos("rto-min", d.rtoMinNanos, 1, 120_000_000_000L),
                c.nanos("rto-max", d.rtoMaxNanos, 1, 3_600_000_000_000L),
                c.nanos("rto-initial", d.rtoInitialNanos, 1, 120_000_000_000L),
                c.nanos("delayed-ack", d.delayedAckNanos, 1, 10_000_000_000L),
                c.nanos("delayed-ack-max", d.delayedAckMaxNanos, 1, 10_000_000_000L),
                (int) c.integer("quick-acks", d.quickAcks, 0, 1000),
                c.bytes("receive-buffer", d.receiveBufferBytes, 1, 1L << 30),
                c.bytes("initial-receive-window", d.initialReceiveWindowBytes, 1, 65_535),
                c.bytes("send-buffer", d.sendBufferBytes, 1, 1L << 40),
                c.bool("sack", d.sack),
                c.bool("dsack", d.dsack),
                c.bool("timestamps", d.timestamps),
                c.bool("window-scaling", d.windowScaling),
                c.bool("nagle", d.nagle),
                c.bool("ecn", d.ecn),
                (int) c.integer("reordering", d.reordering, 1, 300),
                (int) c.integer("max-reordering", d.maxReordering, 1, 100_000),
                (int) c.integer("syn-retries", d.synRetries, 0, 127),
                (int) c.integer("synack-retries", d.synAckRetries, 0, 127),
                (int) c.integer("retries2", d.retries2, 1, 127),
                c.nanos("time-wait", d.timeWaitNanos, 0, 3_600_000_000_000L),
                dctcpShift(c),
                (int) c.integer("dctcp-alpha-on-init", d.dctcpAlphaOnInit, 0, 1024),
                c.bitsPerSecond("read-rate", d.readRateBps, 0, Long.MAX_VALUE),
                (int) c.bytes("read-size", d.readSizeBytes, 1, 1L << 30),
                c.bool("hystart", d.hystart),
                (int) c.integer("recovery", d.recovery, 0, 7),
                (int) c.integer("early-retrans", d.earlyRetrans, 0, 4),
                c.bool("receive-window-growth", d.receiveWindowGrowth),
                c.bytes("receive-buffer-max", Math.max(d.receiveBufferMaxBytes, c.bytes("receive-buffer", d.receiveBufferBytes, 1, 1L << 30)),
                        1, 1L << 31),
                c.bool("send-buffer-growth", d.sendBufferGrowth),
                c.bytes("send-buffer-default", d.sendBufferDefaultBytes, 1, 1L << 40),
                c.nanos("timer-tick", d.timerTickNanos, 0, 1_000_000_000L),
                c.nanos("timer-tick-origin", d.timerTickOriginNanos, 0, 3_600_000_000_000L),
                c.bool("tso-deferral", d.tsoDeferral),
                (int) c.integer("tso-win-divisor", d.tsoWinDivisor, 0, 1000),
                c.bool("socket-backlog", d.socketBacklog),
                (int) c.integer("frto", d.frto, 0, 2));
        c.finish();
        return t;
    }

    private static int dctcpShift(ConfigMap c) {
        double g = c.number("dctcp-g", 1.0 / 16, 1.0 / (1 << 20), 1);
        int shift = (int) Math.round(-Math.log(g) / Math.log(2));
        if (Math.abs(Math.scalb(1.0, -shift) - g) > 1e-12) {
            throw new ConfigMap.ConfigException(c.pathOf("dctcp-g"), g + " is not a power of two (Linux keeps g as a shift: 1/16 is dctcp_shift_g 4)");
        }
        return shift;
    }
}
