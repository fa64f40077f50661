package org.sonde.sim.tcp;

/**
 * RTT estimation and the retransmission timeout (RFC 6298) as Linux computes them: {@code tcp_rtt_estimator()}
 * (Jacobson/Karels with Linux's mdev_max refinement: rttvar falls at most once per RTT, never below rto_min),
 * {@code tcp_set_rto()}, the choice of sample per ACK ({@code tcp_ack_update_rtt()}, Karn's rule), exponential
 * backoff, the windowed minimum RTT ({@code tcp_update_rtt_min()}) and the zero-window probe interval.
 *
 * <p>Times are nanoseconds with Linux's fixed-point scaling: {@link #srtt8} is srtt × 8 and {@link #mdev4}
 * mdev × 4, as {@code srtt_us} and {@code mdev_us} are.
 */
final class RttEstimator {
    /** {@code tcp_min_rtt_wlen}: how long a minimum RTT sample is trusted (300 s). */
    static final long MIN_RTT_WINDOW_NANOS = 300_000_000_000L;
    /** {@code TCP_RTO_MIN}: the floor of the zero-window probe interval, fixed in Linux whatever the route's rto_min. */
    static final long PROBE_BASE_MIN_NANOS = 200_000_000L;

    private final TcpConfig cfg;
    private final Tcb tp;

    // tcp_rtt_estimator() state: srtt_us << 3, mdev_us << 2, mdev_max_us, rttvar_us, rtt_seq
    long srtt8;
    long mdev4;
    long mdevMax;
    long rttvar;
    long rttSeq;
    /** {@code icsk_rto}: the current retransmission timeout, backoff included. */
    long rto;
    /** {@code icsk_backoff}: timeouts (or zero-window probes) since the last valid RTT sample. */
    int backoff;
    /** {@code tcp_min_rtt()}: the minimum RTT over {@link #MIN_RTT_WINDOW_NANOS}, and when it was seen. */
    long minRtt = Long.MAX_VALUE;
    long minRttAt;

    RttEstimator(TcpConfig cfg, Tcb tp) {
        this.cfg = cfg;
        this.tp = tp;
        this.rto = cfg.rtoInitialNanos();
    }

    /** The smoothed RTT in nanoseconds, 0 before the first sample. */
    long srtt() {
        return srtt8 >> 3;
    }

    /**
     * {@code tcp_ack_update_rtt()}: the sample an ACK gives is the time since the first segment it newly
     * acknowledged was sent ({@code seqRtt}), else since the first one it newly SACKed ({@code sackRtt}), else
     * (RTTM rule: only if it acknowledged new data) the timestamp echo. Karn's rule leaves {@code seqRtt} at -1
     * when retransmitted data was acknowledged. Returns the RTT of the last segment (S)ACKed
     * ({@code rs->rtt_us}, what the congestion control hears), or -1.
     */
    long ackUpdateRtt(boolean acked, long seqRtt, long sackRtt, long caRtt, long now) {
        if (seqRtt < 0) seqRtt = sackRtt;
        if (seqRtt < 0 && acked) seqRtt = caRtt = tsRtt(now);
        if (seqRtt < 0) return caRtt;
        rttEstimator(seqRtt);
        setRto();
        backoff = 0; // RFC 6298: only a valid RTT measurement resets the backoff
        updateMinRtt(caRtt, now);
        return caRtt;
    }

    /**
     * The handshake's RTT sample ({@code tcp_synack_rtt_meas()}), -1 when the SYN was retransmitted and no
     * timestamp tells which copy was answered.
     */
    void synRttSample(long sample, long now) {
        if (sample >= 0) {
            rttEstimator(sample);
            setRto();
            updateMinRtt(sample, now);
        } else {
            rto = cfg.rtoInitialNanos(); // RFC 6298 (2.1): no sample, back to the initial value
        }
        backoff = 0;
    }

    /** {@code tcp_rtt_estimator()}: Jacobson/Karels with Linux's mdev_max refinement, rttvar floored at rto_min. */
    void rttEstimator(long m) {
        if (m <= 0) m = 1;
        if (srtt8 != 0) {
            m -= srtt8 >> 3;
            srtt8 += m;
            if (m < 0) {
                m = -m;
                m -= mdev4 >> 2;
                if (m > 0) m >>= 3;
            } else {
                m -= mdev4 >> 2;
            }
            mdev4 += m;
            if (mdev4 > mdevMax) {
                mdevMax = mdev4;
                if (mdevMax > rttvar) rttvar = mdevMax;
            }
            if (tp.sndUna > rttSeq) {
                if (mdevMax < rttvar) rttvar -= (rttvar - mdevMax) >> 2;
                rttSeq = tp.sndNxt;
                mdevMax = cfg.rtoMinNanos();
            }
        } else {
            srtt8 = m << 3;
            mdev4 = m << 1;
            rttvar = Math.max(mdev4, cfg.rtoMinNanos());
            mdevMax = rttvar;
            rttSeq = tp.sndNxt;
        }
        srtt8 = Math.max(1, srtt8);
    }

    /** {@code tcp_set_rto()}: srtt + rttvar, bounded by rto_max. */
    void setRto() {
        rto = Math.min((srtt8 >> 3) + rttvar, cfg.rtoMaxNanos());
    }

    /** {@code tcp_update_rtt_min()}: a windowed minimum (a sample older than the window gives way to the next one). */
    void updateMinRtt(long rtt, long now) {
        if (rtt < 0) return;
        if (rtt <= minRtt || now - minRttAt > MIN_RTT_WINDOW_NANOS) {
            minRtt = Math.max(1, rtt);
            minRttAt = now;
        }
    }

    /** {@code tcp_rtt_tsopt_us()}: the RTT from the timestamp the segment being processed echoes (1 ms clock, at least 1 ms), or -1. */
    long tsRtt(long now) {
        if (!tp.tsOk || !tp.sawTstamp || tp.rcvTsecr == 0) return -1;
        long delta = tp.tsOf(now) - tp.rcvTsecr;
        if (delta < 0 || delta > Integer.MAX_VALUE / 1000) return -1;
        return Math.max(1, delta) * 1_000_000L;
    }

    /** RFC 6298 (5.5), as {@code tcp_retransmit_timer()} does it: the timer backs off, the RTO doubles up to rto_max. */
    void backOff() {
        backoff++;
        rto = Math.min(rto << 1, cfg.rtoMaxNanos());
    }

    /** {@code tcp_probe0_base()}: the RTO, at least {@link #PROBE_BASE_MIN_NANOS}. */
    long probe0Base() {
        return Math.max(rto, PROBE_BASE_MIN_NANOS);
    }

    /** {@code tcp_probe0_when()}: the base doubled per backoff, at most rto_max. */
    long probe0When() {
        int maxShift = 63 - Long.numberOfLeadingZeros(cfg.rtoMaxNanos() / PROBE_BASE_MIN_NANOS) + 1;
        int b = Math.min(maxShift, backoff);
        long when = probe0Base() << b;
        return Math.min(when, cfg.rtoMaxNanos());
    }
}
