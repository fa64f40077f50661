package org.sonde.load.engine;

import java.io.IOException;
import java.net.PortUnreachableException;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.function.Consumer;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.stats.Counter;

/**
 * dperf's UDP client on one thread: each flow is a connected datagram channel (one 5-tuple)
 * opened on the same open-loop schedule as TCP connections (cps, up to cc), sending a
 * payload_size datagram and waiting for one datagram back before the next (one request in flight
 * per flow). Without keepalive a flow closes after its answer (dperf's CPS mode for UDP); with
 * it, the next request goes one interval after the answer, and the flow closes after the
 * keepalive's request number. A request without an answer for retransmit_timeout is resent
 * (udpRt, dperf's loss counter); after three resends and a fourth timeout the flow fails (skErr).
 * An ICMP port unreachable (no server) fails the flow at once. With {@code pipeline N} a round is N
 * datagrams sent together, each answer settles one, the round ends with the last, and a timeout
 * resends those still unanswered. With {@code flood} a flow sends its
 * first datagram and is closed at once (dperf's flood: a new 5-tuple per datagram for whatever
 * keeps state per flow on the path, such as a load balancer's conntrack); answers are not awaited.
 */
final class UdpClientWorker extends PacedClient<UdpFlow> {
    /** Three resends, then a fourth timeout fails the flow, as dperf's RETRANSMIT_NUM_MAX. */
    static final int MAX_RETRANSMITS = 3;
    /** Datagrams up to the IPv4/IPv6 maximum fit. */
    private static final int READ_BUFFER_BYTES = 65_536;

    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_BUFFER_BYTES);
    private final Selector selector = Selector.open();
    /** One handler object for every select (a method reference made in the loop would be a new object each time). */
    private final Consumer<SelectionKey> handler = this::handle;
    private final TimerList<UdpFlow> retransmitTimers;
    /** Requests per round: dperf's pipeline, or one. */
    private final int perRound;

    UdpClientWorker(LoadConfig config, int index, int workers, byte[] requestBytes, long startNanos, long maxOpen) throws IOException {
        super(config, index, workers, requestBytes, startNanos, maxOpen);
        this.retransmitTimers = new TimerList<>(config.retransmitTimeoutSeconds() * 1_000_000_000L);
        this.perRound = Math.max(1, config.pipeline());
    }

    @Override
    long nextTimerDeadline() {
        return Math.min(retransmitTimers.nextDeadline(), keepaliveTimers.nextDeadline());
    }

    @Override
    void launch(long now) {
        DatagramChannel ch;
        try {
            ch = DatagramChannel.open(family);
        } catch (IOException e) {
            stats.increment(Counter.LAUNCH_SKIPPED); // out of file descriptors
            return;
        }
        UdpFlow f = pool.isEmpty() ? new UdpFlow() : pool.pop();
        f.channel = ch;
        try {
            ch.configureBlocking(false);
            if (config.tos() != 0) ch.setOption(StandardSocketOptions.IP_TOS, config.tos());
            if (endpoints.bindsSource()) {
                if (endpoints.explicitPorts()) ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
                ch.bind(endpoints.nextSource());
            }
            ch.connect(endpoints.nextTarget());
            // a flood's flow is closed right after its datagram: nothing to wait for
            if (!config.flood()) f.key = ch.register(selector, SelectionKey.OP_READ, f);
        } catch (IOException e) {
            // the source tuple is taken (dperf skips a launch whose tuple is not closed)
            stats.increment(Counter.LAUNCH_SKIPPED);
            Channels.closeQuietly(ch);
            f.clear();
            pool.push(f);
            return;
        }
        open++;
        stats.increment(Counter.SK_OPEN);
        if (config.flood()) {
            flood(f);
            return;
        }
        sendNew(f, now);
    }

    /** A flood's flow: one datagram, then closed (a datagram the send buffer refuses counts as dropTx). */
    private void flood(UdpFlow f) {
        request.rewind();
        try {
            stats.countUdpSend(f.channel.write(request));
        } catch (IOException e) {
            stats.increment(Counter.DROP_TX); // e.g. an ICMP unreachable reported for this port's earlier flow
        }
        close(f);
    }

    /** A new round of requests on the flow (one, or pipeline's). */
    private void sendNew(UdpFlow f, long now) {
        f.awaitingResponse = true;
        f.outstanding = perRound;
        f.transmitted = 0;
        f.retransmits = 0;
        f.requestsSent += perRound;
        f.requestSentNanos = now;
        transmit(f, now);
    }

    /** Sends the round's unanswered requests (again) and starts its retransmit timer. */
    private void transmit(UdpFlow f, long now) {
        for (int i = 0; i < f.outstanding; i++) {
            request.rewind();
            int n;
            try {
                n = f.channel.write(request);
            } catch (PortUnreachableException e) {
                fail(f); // an ICMP port unreachable for an earlier datagram: nobody serves this port
                return;
            } catch (IOException e) {
                fail(f);
                return;
            }
            stats.countUdpSend(n); // none sent: the send buffer is full, and the retransmit timer tries again
            if (n > 0) {
                if (f.transmitted < perRound) f.transmitted++;
                else stats.increment(Counter.UDP_RT);
            }
        }
        retransmitTimers.schedule(f.retransmitTimer, now);
    }

    @Override
    void poll(long timeoutMillis) throws IOException {
        if (timeoutMillis == 0) selector.selectNow(handler);
        else selector.select(handler, timeoutMillis);
    }

    @Override
    void wakeup() {
        selector.wakeup();
    }

    @Override
    void closeEvents() {
        Channels.closeQuietly(selector);
    }

    private void handle(SelectionKey key) {
        UdpFlow f = (UdpFlow) key.attachment();
        if (f.channel == null || !key.isValid()) return;
        long now = System.nanoTime();
        // every datagram waiting on this flow: late duplicates after a resend are read and counted too
        while (f.channel != null) {
            readBuffer.clear();
            int n;
            try {
                n = f.channel.read(readBuffer);
            } catch (IOException e) {
                fail(f); // ICMP port unreachable: the server is gone
                return;
            }
            if (n <= 0) return;
            stats.increment(Counter.UDP_RX);
            stats.add(Counter.BYTES_RX, n);
            if (!f.awaitingResponse) {
                stats.increment(Counter.UDP_DROP);
                continue;
            }
            answered(f, now);
        }
    }

    private void answered(UdpFlow f, long now) {
        stats.recordLatencyNanos(now - f.requestSentNanos);
        // answers are alike: each settles one of the round's requests, and the last ends the round
        if (--f.outstanding > 0) return;
        f.awaitingResponse = false;
        retransmitTimers.remove(f.retransmitTimer);
        if (!keepalive || !running() || (requestsPerFlow > 0 && f.requestsSent >= requestsPerFlow)) {
            close(f);
        } else if (keepaliveIntervalNanos == 0) {
            sendNew(f, now);
        } else {
            keepaliveTimers.schedule(f.keepaliveTimer, now);
        }
    }

    @Override
    void expireTimers(long now) {
        TimerList.Node<UdpFlow> n;
        while ((n = retransmitTimers.pollExpired(now)) != null) {
            UdpFlow f = n.owner;
            if (f.retransmits >= MAX_RETRANSMITS) {
                fail(f);
            } else {
                f.retransmits++;
                transmit(f, now);
            }
        }
        while ((n = keepaliveTimers.pollExpired(now)) != null) {
            UdpFlow f = n.owner;
            if (!running()) close(f);
            else sendNew(f, now);
        }
    }

    /** Starting the drain: flows waiting for their next keepalive round close now. */
    @Override
    void closeIdle() {
        TimerList.Node<UdpFlow> n;
        while ((n = keepaliveTimers.pollExpired(Long.MAX_VALUE)) != null) close(n.owner);
    }

    private void fail(UdpFlow f) {
        stats.increment(Counter.SK_ERR);
        close(f);
    }

    private void close(UdpFlow f) {
        if (f.channel == null) return;
        retransmitTimers.remove(f.retransmitTimer);
        keepaliveTimers.remove(f.keepaliveTimer);
        if (f.key != null) f.key.cancel();
        Channels.closeQuietly(f.channel);
        open--;
        stats.increment(Counter.SK_CLOSE);
        f.clear();
        pool.push(f);
    }

    /** The end: a flow still waiting for its answer failed. */
    @Override
    void closeAll() {
        for (SelectionKey k : selector.keys()) {
            if (k.attachment() instanceof UdpFlow f && f.channel != null) {
                if (f.awaitingResponse) fail(f);
                else close(f);
            }
        }
    }
}
