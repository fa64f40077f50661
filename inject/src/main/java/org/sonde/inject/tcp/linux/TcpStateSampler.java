package org.sonde.inject.tcp.linux;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.inject.tcp.TcpConnectionResult;
import org.sonde.inject.tcp.TcpStateSample;
import org.sonde.netio.SockDiag;

/**
 * Samples the client's TCP sockets every millisecond through sock_diag (what {@code ss -ti}
 * reads), keeping a sample whenever a connection's congestion state, window, threshold, RTO,
 * outstanding or retransmitted segments changed: the cwnd evolution beside the trace.
 */
final class TcpStateSampler implements Runnable, AutoCloseable {
    private static final long PERIOD_NANOS = 1_000_000;
    private final SockDiag diag;
    private final int serverPort;
    private final long epochOffsetNanos;
    private final Map<Integer, long[]> last = new HashMap<>(); // client port -> figures of its last sample
    private final List<long[]> samples = new ArrayList<>(); // {port, time, caState, cwnd, ssthresh, rto, rtt, unacked, retrans, backoff}
    private volatile boolean stopping;
    private volatile Throwable failure;

    /** @param diag a sock_diag socket opened in the client's namespace */
    TcpStateSampler(SockDiag diag, int serverPort) {
        this.diag = diag;
        this.serverPort = serverPort;
        this.epochOffsetNanos = Clocks.realtimeMinusMonotonic();
    }

    @Override
    public void run() {
        try {
            long next = System.nanoTime();
            while (!stopping) {
                sample();
                next += PERIOD_NANOS;
                long wait = next - System.nanoTime();
                if (wait > 0) java.util.concurrent.locks.LockSupport.parkNanos(wait);
                else next = System.nanoTime();
            }
            sample();
        } catch (Throwable e) {
            failure = e;
        }
    }

    private void sample() {
        long time = epochOffsetNanos + System.nanoTime();
        for (SockDiag.TcpInfo s : diag.tcp()) {
            if (s.remotePort() != serverPort || s.cwnd() < 0) continue;
            long[] figures = {s.caState(), s.cwnd(), s.ssthresh() >= TcpStateSample.INFINITE_SSTHRESH ? -1 : s.ssthresh(), s.rtoMicros(),
                    s.rttMicros(), s.unacked(), s.totalRetrans(), s.backoff()};
            long[] before = last.get(s.localPort());
            // the RTT estimate moves with every acknowledgement: a change of it alone is not kept
            if (before != null && sameBut(before, figures, 4)) continue;
            last.put(s.localPort(), figures);
            long[] row = new long[2 + figures.length];
            row[0] = s.localPort();
            row[1] = time;
            System.arraycopy(figures, 0, row, 2, figures.length);
            samples.add(row);
        }
    }

    private static boolean sameBut(long[] a, long[] b, int ignored) {
        for (int i = 0; i < a.length; i++) if (i != ignored && a[i] != b[i]) return false;
        return true;
    }

    void stop() {
        stopping = true;
    }

    Throwable failure() {
        return failure;
    }

    /** The samples of the test's connections, numbered by their client ports. */
    List<TcpStateSample> samples(List<TcpConnectionResult> connections) {
        Map<Integer, Integer> byPort = new HashMap<>();
        for (TcpConnectionResult c : connections) byPort.put(c.localPort(), c.connection());
        List<TcpStateSample> out = new ArrayList<>();
        for (long[] r : samples) {
            Integer c = byPort.get((int) r[0]);
            if (c != null) out.add(new TcpStateSample(c, r[1], (int) r[2], r[3], r[4], r[5], r[6], r[7], r[8], (int) r[9]));
        }
        return out;
    }

    @Override
    public void close() {
        diag.close();
    }
}
