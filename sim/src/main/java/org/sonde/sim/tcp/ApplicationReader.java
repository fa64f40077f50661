package org.sonde.sim.tcp;

import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.kernel.Timer;

/**
 * The receiving application's side of a connection, as a model application calls
 * {@code tcp_recvmsg()}: on its own calls, everything as soon as it is in order, or
 * {@code readSize} bytes per call at a set rate (so the buffer fills and the window closes, as
 * behind a slow reader); and the end of the stream, told once every byte before the peer's FIN
 * has been read.
 */
final class ApplicationReader {
    private final TcpSocket sk;
    private final ReceiveQueue rq;
    private final Receiver rcv;
    private final TcpStack stack;
    private final Simulator sim;
    private final Timer timer;
    private long totalRead;
    private boolean eofReported;
    private long rateBps = -1; // -1: the application reads only when it calls read()
    private int readSize;
    private long nextReadAt;

    ApplicationReader(TcpSocket sk, ReceiveQueue rq, Receiver rcv, TcpStack stack, Simulator sim) {
        this.sk = sk;
        this.rq = rq;
        this.rcv = rcv;
        this.stack = stack;
        this.sim = sim;
        this.timer = new Timer(sim, () -> sk.timerFired(TcpObserver.TimerKind.READ, this::dataReady));
    }

    long totalRead() {
        return totalRead;
    }

    /** Reads up to {@code max} bytes now; returns how many. */
    long read(long max) {
        long n = Math.min(max, rq.unread());
        if (n <= 0) return 0;
        rq.copiedSeq += n;
        totalRead += n;
        rcv.cleanupRbuf(n);
        stack.observer().callback(sk, TcpObserver.Callback.READ, false);
        sk.listener().read(sk, n, totalRead);
        stack.observer().callback(sk, TcpObserver.Callback.READ, true);
        checkEof();
        return n;
    }

    /** From now on the application reads every byte as soon as it is in order. */
    void readAll() {
        rateBps = 0;
        readSize = Integer.MAX_VALUE;
        dataReady();
    }

    /** From now on the application reads {@code size} bytes per call at {@code bitsPerSecond} at most. */
    void readAtRate(long bitsPerSecond, int size) {
        if (bitsPerSecond <= 0 || size <= 0) throw new IllegalArgumentException("read rate and size must be positive");
        rateBps = bitsPerSecond;
        readSize = size;
        dataReady();
    }

    /** The application stops reading. */
    void stop() {
        rateBps = -1;
        timer.cancel();
    }

    /** The connection is gone: no read is pending. */
    void cancel() {
        timer.cancel();
    }

    /** Bytes are in order (or the pace allows the next read): a reading application takes what its pace allows. */
    void dataReady() {
        if (rateBps < 0 || rq.unread() == 0) return;
        if (rateBps == 0) {
            read(Long.MAX_VALUE);
            return;
        }
        long now = sim.now();
        if (now < nextReadAt) {
            timer.arm(nextReadAt);
            return;
        }
        long n = read(readSize);
        nextReadAt = now + Math.max(1, n * 8 * 1_000_000_000L / rateBps);
        if (rq.unread() > 0) timer.arm(nextReadAt);
    }

    /** Tells the application of the peer's FIN once it has read every byte before it. */
    void checkEof() {
        if (rq.finIn && !eofReported && rq.copiedSeq == rq.finSeq) {
            eofReported = true;
            stack.observer().callback(sk, TcpObserver.Callback.PEER_CLOSED, false);
            sk.listener().peerClosed(sk);
            stack.observer().callback(sk, TcpObserver.Callback.PEER_CLOSED, true);
        }
    }
}
