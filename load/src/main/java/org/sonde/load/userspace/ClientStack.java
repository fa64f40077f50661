package org.sonde.load.userspace;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;

/**
 * dperf's client TCP, stop-and-wait, on the preallocated socket table: SYN, then the first
 * request rides on the handshake's ACK, one response per request, the next request one keepalive
 * interval later (or at once for interval 0), FIN after the request number or at the drain. A
 * fixed retransmit timeout resends the SYN, the request or the FIN up to three times (synRt,
 * pushRt, finRt); a fourth timeout fails the connection (skErr). No TIME_WAIT: a closed tuple can
 * be launched again at once. With several workers each launches only the tuples its {@link Share}
 * owns, so the server's answers come back to it.
 */
final class ClientStack extends Stack {
    static final int MAX_RETRANSMITS = 3;
    private static final int RETRANSMIT_LIST = 1;
    private static final int KEEPALIVE_LIST = 2;

    /** What the stack needs from the configuration. */
    record Settings(AddressIndex clients, int portMin, int portCount, int serverIp, int serverPort, long rtoNanos,
                    boolean keepalive, long keepaliveIntervalNanos, int requestsPerConnection, boolean http, Counter requestCounter, Prefixes prefixes,
                    Tunnel tunnel) {
        /** IPv4: addresses are whole in the ints. */
        Settings(AddressIndex clients, int portMin, int portCount, int serverIp, int serverPort, long rtoNanos,
                 boolean keepalive, long keepaliveIntervalNanos, int requestsPerConnection, boolean http, Counter requestCounter) {
            this(clients, portMin, portCount, serverIp, serverPort, rtoNanos, keepalive, keepaliveIntervalNanos, requestsPerConnection, http, requestCounter, null,
                    null);
        }

        /** Without a tunnel. */
        Settings(AddressIndex clients, int portMin, int portCount, int serverIp, int serverPort, long rtoNanos,
                 boolean keepalive, long keepaliveIntervalNanos, int requestsPerConnection, boolean http, Counter requestCounter, Prefixes prefixes) {
            this(clients, portMin, portCount, serverIp, serverPort, rtoNanos, keepalive, keepaliveIntervalNanos, requestsPerConnection, http, requestCounter, prefixes,
                    null);
        }
    }

    private final Settings s;
    private final MemorySegment request;
    private final int requestLength;
    private final SocketTable.Timers retransmits;
    private final SocketTable.Timers keepalives;
    /** The tuples this worker launches (those it owns), by number: address index + addresses × port offset. */
    private final int[] own;
    private byte[] gatewayMac;
    private int resolving;
    private byte[] resolving6;
    private int cursor;
    private long open;
    private boolean running = true;
    /** dperf's disable_ack: a response's ACK rides on the next request (or the FIN) instead of going out alone. */
    private boolean ackRides;
    /** dperf's fast_close: the client closes with RST|ACK, not FIN. */
    private boolean closeWithReset;

    ClientStack(Settings s, SocketTable table, FrameOut out, WorkerStats stats, byte[] ownMac, byte[] gatewayMac, byte[] request, int tos, long seed,
                Share share) {
        super(table, out, stats, ownMac, tos, seed, share, s.prefixes, s.tunnel);
        if ((long) s.clients.count() * s.portCount > table.size()) {
            throw new IllegalArgumentException("a table of " + table.size() + " sockets cannot hold " + s.clients.count() + " addresses × " + s.portCount + " ports");
        }
        this.s = s;
        this.gatewayMac = gatewayMac;
        this.request = arena.allocate(request.length);
        MemorySegment.copy(request, 0, this.request, ValueLayout.JAVA_BYTE, 0, request.length);
        this.requestLength = request.length;
        this.retransmits = new SocketTable.Timers(table, RETRANSMIT_LIST, s.rtoNanos);
        this.keepalives = new SocketTable.Timers(table, KEEPALIVE_LIST, Math.max(0, s.keepaliveIntervalNanos));
        this.own = ownTuples(s, share);
    }

    /** The tuples whose frames the fanout brings to this worker (all of them for a single worker), addresses varying fastest. */
    private static int[] ownTuples(Settings s, Share share) {
        int all = Math.toIntExact((long) s.clients.count() * s.portCount);
        int[] mine = new int[all];
        int n = 0;
        for (int k = 0; k < all; k++) {
            if (share.owns(s.clients.address(k % s.clients.count()), s.serverIp, s.portMin + k / s.clients.count(), s.serverPort)) mine[n++] = k;
        }
        return Arrays.copyOf(mine, n);
    }

    /** The table entry of tuple number {@code k}. */
    private int slotOf(int k) {
        return (k % s.clients.count()) * s.portCount + k / s.clients.count();
    }

    @Override
    int listenPort() {
        return s.serverPort;
    }

    @Override
    boolean owns(int ip) {
        return s.clients.indexOf(ip) >= 0;
    }

    @Override
    void arpReply(int ip, byte[] mac) {
        if (ip == resolving && resolving != 0) gatewayMac = mac;
    }

    /**
     * Asks for the gateway's MAC; a reply that arrives through {@link #receive} sets {@link #gatewayMac()}.
     * With a tunnel the gateway is the outer network's and its reply sets {@link #nextHopMac()}.
     */
    void resolveGateway(int ownIp, int gatewayIp) {
        if (tunnel != null) {
            outerArpRequest(ownIp);
            return;
        }
        resolving = gatewayIp;
        arpRequest(ownIp, gatewayIp);
    }

    /**
     * Sends no pure ACK of a response (dperf's 'disable_ack'): it rides on the next request or the FIN. As in
     * dperf, only while the keepalive interval is below the retransmit timeout (else the server would resend first).
     */
    void suppressPureAcks() {
        ackRides = s.keepaliveIntervalNanos < s.rtoNanos;
    }

    /** Closes connections with an RST|ACK instead of a FIN (dperf's 'fast_close'): no FIN handshake; before the worker starts. */
    void closeWithReset() {
        closeWithReset = true;
    }

    /** Where frames go next on the wire: the gateway, or with a tunnel the outer network's gateway (null until resolved). */
    byte[] nextHopMac() {
        return tunnel != null ? tunnel.nextHopMac : gatewayMac;
    }

    @Override
    void neighborReply(byte[] target, byte[] mac) {
        if (resolving6 != null && Arrays.equals(target, resolving6)) gatewayMac = mac;
    }

    /** The same over IPv6 by neighbour solicitation (16-byte addresses); the advertisement sets {@link #gatewayMac()}. */
    void resolveGateway6(byte[] own, byte[] gateway) {
        resolving6 = gateway.clone();
        neighborSolicitation(own, gateway);
    }

    byte[] gatewayMac() {
        return gatewayMac;
    }

    long open() {
        return open;
    }

    /** The number of tuples this worker launches (its share of the table). */
    long tuples() {
        return own.length;
    }

    /**
     * Stops launching and stops keepalive requests (dperf's drain): connections still in their handshake
     * send their first request, busy ones close after their response, idle ones by {@link #closeIdle}.
     */
    void drain() {
        running = false;
    }

    /**
     * Closes up to {@code max} idle connections (FIN) in the drain; the caller spreads them over
     * loop turns, so a million FINs do not leave at once and overflow the link's queues.
     * Returns how many it closed.
     */
    int closeIdle(int max, long nowNanos) {
        int n = 0;
        int slot;
        while (n < max && (slot = keepalives.pollExpired(Long.MAX_VALUE)) != SocketTable.NONE) {
            activeClose(slot, nowNanos);
            n++;
        }
        return n;
    }

    /**
     * Opens the next tuple in turn (addresses vary fastest); false, counted as a skipped launch,
     * when that tuple is still in use (dperf skips it too).
     */
    boolean launch(long nowNanos) {
        int k = own[cursor];
        cursor = cursor + 1 == own.length ? 0 : cursor + 1;
        int addressIndex = k % s.clients.count();
        int portOffset = k / s.clients.count();
        int slot = addressIndex * s.portCount + portOffset;
        if (table.state(slot) != TcpState.CLOSED) {
            stats.increment(Counter.LAUNCH_SKIPPED);
            return false;
        }
        int isn = nextIsn();
        table.intField(slot, SocketTable.LOCAL_IP, s.clients.address(addressIndex));
        table.shortField(slot, SocketTable.LOCAL_PORT, s.portMin + portOffset);
        table.intField(slot, SocketTable.PEER_IP, s.serverIp);
        table.shortField(slot, SocketTable.PEER_PORT, s.serverPort);
        table.intField(slot, SocketTable.SND_NXT, isn + 1);
        table.intField(slot, SocketTable.RCV_NXT, 0);
        table.byteField(slot, SocketTable.RETRANSMITS, 0);
        table.byteField(slot, SocketTable.FLAGS, 0);
        table.shortField(slot, SocketTable.REQUESTS, 0);
        table.shortField(slot, SocketTable.OUTSTANDING, 0);
        table.longField(slot, SocketTable.SENT_AT, nowNanos);
        table.state(slot, TcpState.SYN_SENT);
        open++;
        stats.increment(Counter.SK_OPEN);
        sendSegment(slot, gatewayMac, isn, Frames.SYN, 0);
        retransmits.schedule(slot, nowNanos);
        return true;
    }

    @Override
    void segment(MemorySegment f, long now) {
        int local = Frames.dstIp(f);
        int addressIndex = s.clients.indexOf(local);
        int portOffset = Frames.dstPort(f) - s.portMin;
        if (Frames.srcIp(f) != s.serverIp || Frames.srcPort(f) != s.serverPort || portOffset < 0 || portOffset >= s.portCount) {
            stats.increment(Counter.TCP_DROP);
            return;
        }
        int slot = addressIndex * s.portCount + portOffset;
        int flags = Frames.flags(f);
        int state = table.state(slot);
        if (state == TcpState.CLOSED) {
            stats.increment(Counter.TCP_DROP);
            reset(f, gatewayMac);
            return;
        }
        if ((flags & Frames.RST) != 0) {
            stats.increment(Counter.RST_RX);
            boolean closing = state == TcpState.FIN_WAIT_1 || state == TcpState.FIN_WAIT_2 || state == TcpState.LAST_ACK;
            if (closing && !awaiting(slot)) close(slot);
            else fail(slot, state == TcpState.SYN_SENT ? Counter.SK_REFUSED : Counter.SK_RESET);
            return;
        }
        int seq = Frames.seq(f);
        int ack = Frames.ack(f);
        int length = Frames.payloadLength(f);
        int sndNxt = table.intField(slot, SocketTable.SND_NXT);
        int rcvNxt = table.intField(slot, SocketTable.RCV_NXT);
        switch (state) {
            case TcpState.SYN_SENT -> {
                if ((flags & (Frames.SYN | Frames.ACK)) != (Frames.SYN | Frames.ACK) || ack != sndNxt) {
                    stats.increment(Counter.TCP_DROP);
                    return;
                }
                table.intField(slot, SocketTable.RCV_NXT, seq + 1);
                table.shortField(slot, SocketTable.SERVER_MSS, Frames.mssOption(f));
                table.intField(slot, SocketTable.RCV_LEFT, 0);
                table.state(slot, TcpState.ESTABLISHED);
                stats.add(Counter.RTT_SUM_NANOS, now - table.longField(slot, SocketTable.SENT_AT));
                stats.increment(Counter.RTT_COUNT);
                retransmits.cancel(slot);
                // the request carries the handshake's ACK; a connection launched before the drain still
                // sends its first request (it was opened for it), so every opened connection has one
                sendRequest(slot, now);
            }
            case TcpState.ESTABLISHED -> {
                if ((flags & Frames.SYN) != 0) {
                    sendSegment(slot, gatewayMac, sndNxt, Frames.ACK, 0); // a resent SYN-ACK: our ACK was lost
                    return;
                }
                if (length > 0 && seq == rcvNxt && awaiting(slot) && ack == sndNxt) {
                    response(slot, f, length, (flags & Frames.FIN) != 0, now);
                } else if (length > 0 && before(seq, rcvNxt)) {
                    sendSegment(slot, gatewayMac, sndNxt, Frames.ACK, 0); // a resent response: our ACK was lost
                } else if ((flags & Frames.FIN) != 0 && seq + length == rcvNxt) {
                    // the server closed (its idle timeout): answer with our FIN; an outstanding request failed
                    table.intField(slot, SocketTable.RCV_NXT, rcvNxt + 1);
                    if (awaiting(slot)) {
                        stats.increment(Counter.SK_ERR);
                        stats.increment(Counter.SK_EOF);
                    }
                    clearAwaiting(slot);
                    finish(slot, TcpState.LAST_ACK, now);
                } else if (length > 0) {
                    stats.increment(Counter.TCP_DROP);
                    // a segment of a large response after a lost one (no buffer keeps it): a duplicate ACK asks for the lost one
                    if (awaiting(slot) && before(rcvNxt, seq)) sendSegment(slot, gatewayMac, sndNxt, Frames.ACK, 0);
                }
                // a bare ACK (of the request) changes nothing: the response is what we wait for
            }
            case TcpState.FIN_WAIT_1, TcpState.FIN_WAIT_2, TcpState.LAST_ACK -> {
                boolean ourFinAcked = (flags & Frames.ACK) != 0 && ack == sndNxt;
                if ((flags & Frames.FIN) != 0 && state != TcpState.LAST_ACK) {
                    table.intField(slot, SocketTable.RCV_NXT, seq + length + 1);
                    sendSegment(slot, gatewayMac, sndNxt, Frames.ACK, 0);
                    if (ourFinAcked || state == TcpState.FIN_WAIT_2) close(slot);
                    else table.state(slot, TcpState.LAST_ACK); // both closed at once: wait for our FIN's ACK
                } else if (ourFinAcked) {
                    if (state == TcpState.LAST_ACK) close(slot);
                    else if (state == TcpState.FIN_WAIT_1) table.state(slot, TcpState.FIN_WAIT_2); // its timer still runs
                } else if (state == TcpState.LAST_ACK && (flags & Frames.FIN) != 0) {
                    sendSegment(slot, gatewayMac, sndNxt - 1, Frames.ACK | Frames.FIN, 0); // its FIN again: ours was lost
                }
            }
            default -> stats.increment(Counter.TCP_DROP);
        }
    }

    private boolean awaiting(int slot) {
        return (table.byteField(slot, SocketTable.FLAGS) & TcpState.AWAITING) != 0;
    }

    private void clearAwaiting(int slot) {
        table.byteField(slot, SocketTable.FLAGS, table.byteField(slot, SocketTable.FLAGS) & ~TcpState.AWAITING);
    }

    /**
     * A segment of the response, in order. The first says how long the response is: one segment, or when it fills a
     * whole segment (the server's MSS, or ours if less) and is HTTP, its header's length plus its Content-Length
     * (dperf's large responses); the ones before the last are acknowledged at once, so the server's window slides.
     */
    private void response(int slot, MemorySegment f, int length, boolean fin, long now) {
        int left = table.intField(slot, SocketTable.RCV_LEFT);
        boolean continued = left != 0;
        int flags = table.byteField(slot, SocketTable.FLAGS);
        if (!continued) {
            // dperf's tcp-mode check: "HTTP/1.1 2xx" has the status's first digit at byte 9
            if (s.http && !(length > 9 && f.get(ValueLayout.JAVA_BYTE, Frames.payloadStart(f) + 9) == '2')) flags |= TcpState.BAD_STATUS;
            left = length;
            if (s.http && length >= Math.min(mss(), table.shortField(slot, SocketTable.SERVER_MSS))) left = Math.max(length, httpLength(f, length));
        }
        left -= length;
        stats.add(Counter.BYTES_RX, length);
        if (left > 0 && !fin) {
            table.intField(slot, SocketTable.RCV_NXT, table.intField(slot, SocketTable.RCV_NXT) + length);
            table.intField(slot, SocketTable.RCV_LEFT, left);
            table.byteField(slot, SocketTable.FLAGS, flags);
            sendSegment(slot, gatewayMac, table.intField(slot, SocketTable.SND_NXT), Frames.ACK, 0);
            // progress: the request's timer starts again
            table.byteField(slot, SocketTable.RETRANSMITS, 0);
            retransmits.schedule(slot, now);
            return;
        }
        if (continued) table.intField(slot, SocketTable.RCV_LEFT, 0);
        // the response is in: no request outstanding, and the next starts with a clean status
        table.byteField(slot, SocketTable.FLAGS, flags & ~(TcpState.BAD_STATUS | TcpState.AWAITING));
        int rcvNxt = table.intField(slot, SocketTable.RCV_NXT) + length + (fin ? 1 : 0);
        table.intField(slot, SocketTable.RCV_NXT, rcvNxt);
        if (s.http) stats.increment((flags & TcpState.BAD_STATUS) == 0 ? Counter.HTTP_2XX : Counter.HTTP_ERR);
        else stats.increment(Counter.TCP_RSP);
        stats.recordLatencyNanos(now - table.longField(slot, SocketTable.SENT_AT));
        retransmits.cancel(slot);
        table.byteField(slot, SocketTable.RETRANSMITS, 0);
        if (fin) {
            finish(slot, TcpState.LAST_ACK, now); // the server closed with its response
            return;
        }
        int sent = table.shortField(slot, SocketTable.REQUESTS);
        boolean more = running && s.keepalive && (s.requestsPerConnection == 0 || sent < s.requestsPerConnection);
        if (!more) {
            activeClose(slot, now);
        } else if (s.keepaliveIntervalNanos == 0) {
            sendRequest(slot, now); // it acknowledges the response too
        } else {
            if (!ackRides) sendSegment(slot, gatewayMac, table.intField(slot, SocketTable.SND_NXT), Frames.ACK, 0);
            keepalives.schedule(slot, now);
        }
    }

    /**
     * The whole length of an HTTP response whose header is in the first {@code length} payload bytes of {@code f}:
     * the header's length plus its Content-Length; -1 when the header does not end there or has no Content-Length.
     */
    static int httpLength(MemorySegment f, int length) {
        int start = Frames.payloadStart(f);
        long contentLength = -1;
        int line = start;
        for (int i = start; i + 1 < start + length; i++) {
            if (f.get(ValueLayout.JAVA_BYTE, i) != '\r' || f.get(ValueLayout.JAVA_BYTE, i + 1) != '\n') continue;
            if (i == line) return contentLength < 0 || contentLength > Integer.MAX_VALUE - length ? -1 : (int) (i + 2 - start + contentLength);
            contentLength = Math.max(contentLength, contentLength(f, line, i));
            line = i + 2;
        }
        return -1;
    }

    private static final byte[] CONTENT_LENGTH = "content-length:".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** The value of a header line [from, to) if it is Content-Length, else -1. */
    private static long contentLength(MemorySegment f, int from, int to) {
        if (to - from <= CONTENT_LENGTH.length) return -1;
        for (int k = 0; k < CONTENT_LENGTH.length; k++) {
            if (Character.toLowerCase(f.get(ValueLayout.JAVA_BYTE, from + k)) != CONTENT_LENGTH[k]) return -1;
        }
        long v = -1;
        for (int i = from + CONTENT_LENGTH.length; i < to; i++) {
            byte b = f.get(ValueLayout.JAVA_BYTE, i);
            if (b == ' ' || b == '\t') continue;
            if (b < '0' || b > '9' || v > 1L << 40) return -1;
            v = (v < 0 ? 0 : v * 10) + (b - '0');
        }
        return v;
    }

    private void sendRequest(int slot, long now) {
        int seq = table.intField(slot, SocketTable.SND_NXT);
        stagePayload(request, false);
        sendSegment(slot, gatewayMac, seq, Frames.ACK | Frames.PSH, requestLength);
        table.intField(slot, SocketTable.SND_NXT, seq + requestLength);
        table.shortField(slot, SocketTable.OUTSTANDING, requestLength);
        table.shortField(slot, SocketTable.REQUESTS, table.shortField(slot, SocketTable.REQUESTS) + 1);
        table.byteField(slot, SocketTable.FLAGS, table.byteField(slot, SocketTable.FLAGS) | TcpState.AWAITING);
        table.byteField(slot, SocketTable.RETRANSMITS, 0);
        table.longField(slot, SocketTable.SENT_AT, now);
        stats.increment(s.requestCounter);
        stats.add(Counter.BYTES_TX, requestLength);
        retransmits.schedule(slot, now);
    }

    /** Our FIN, in state FIN_WAIT_1 (we close first) or LAST_ACK (answering the server's FIN). */
    private void finish(int slot, int nextState, long now) {
        keepalives.cancel(slot);
        int seq = table.intField(slot, SocketTable.SND_NXT);
        sendSegment(slot, gatewayMac, seq, Frames.FIN | Frames.ACK, 0);
        table.intField(slot, SocketTable.SND_NXT, seq + 1);
        table.byteField(slot, SocketTable.RETRANSMITS, 0);
        table.state(slot, nextState);
        retransmits.schedule(slot, now);
    }

    private void activeClose(int slot, long now) {
        if (closeWithReset) {
            sendSegment(slot, gatewayMac, table.intField(slot, SocketTable.SND_NXT), Frames.RST | Frames.ACK, 0);
            stats.increment(Counter.RST_TX);
            close(slot);
            return;
        }
        finish(slot, TcpState.FIN_WAIT_1, now);
    }

    /** Runs the expired timers: resends, failures, and the keepalive rounds. */
    void expireTimers(long now) {
        int slot;
        while ((slot = retransmits.pollExpired(now)) != SocketTable.NONE) {
            int state = table.state(slot);
            if (state == TcpState.FIN_WAIT_2) {
                close(slot); // our FIN was acknowledged, the server's never came: nothing left to wait for
                continue;
            }
            int tries = table.byteField(slot, SocketTable.RETRANSMITS);
            if (tries >= MAX_RETRANSMITS) {
                fail(slot, state == TcpState.SYN_SENT ? Counter.SK_LOST : Counter.SK_TIMEOUT);
                continue;
            }
            table.byteField(slot, SocketTable.RETRANSMITS, tries + 1);
            int sndNxt = table.intField(slot, SocketTable.SND_NXT);
            switch (state) {
                case TcpState.SYN_SENT -> {
                    stats.increment(Counter.SYN_RT);
                    sendSegment(slot, gatewayMac, sndNxt - 1, Frames.SYN, 0);
                }
                case TcpState.ESTABLISHED -> {
                    stats.increment(Counter.PUSH_RT);
                    int length = table.shortField(slot, SocketTable.OUTSTANDING);
                    stagePayload(request, false);
                    sendSegment(slot, gatewayMac, sndNxt - length, Frames.ACK | Frames.PSH, length);
                }
                default -> {
                    stats.increment(Counter.FIN_RT);
                    sendSegment(slot, gatewayMac, sndNxt - 1, Frames.FIN | Frames.ACK, 0);
                }
            }
            retransmits.schedule(slot, now);
        }
        while ((slot = keepalives.pollExpired(now)) != SocketTable.NONE) {
            if (running) sendRequest(slot, now);
            else activeClose(slot, now);
        }
    }

    long nextDeadline() {
        return Math.min(retransmits.nextDeadline(), keepalives.nextDeadline());
    }

    private void fail(int slot, Counter cause) {
        stats.increment(Counter.SK_ERR);
        stats.increment(cause);
        close(slot);
    }

    private void close(int slot) {
        retransmits.cancel(slot);
        keepalives.cancel(slot);
        table.state(slot, TcpState.CLOSED);
        open--;
        stats.increment(Counter.SK_CLOSE);
    }

    /** The end: every connection still open closes; one still waiting for its handshake or response failed. */
    void closeAll() {
        for (int i = 0; i < own.length && open > 0; i++) {
            int slot = slotOf(own[i]);
            int state = table.state(slot);
            if (state == TcpState.CLOSED) continue;
            if (state == TcpState.SYN_SENT) fail(slot, Counter.SK_LOST);
            else if (awaiting(slot)) fail(slot, Counter.SK_TIMEOUT);
            else close(slot);
        }
    }
}
