package org.sonde.load.userspace;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;

/**
 * dperf's server TCP: a SYN from a configured client opens the socket at its table slot (client
 * address index × ports + port offset), every data segment is one whole request answered with
 * the fixed response, a FIN is answered with FIN-ACK, and the final ACK frees the slot. A response
 * of one segment needs no timer: in stop-and-wait the client resends whatever was lost (its SYN,
 * request or FIN) and the server answers the resend from the socket's sequence numbers alone
 * (counted as synRt, pushRt, finRt here). A response longer than one segment (dperf's large
 * responses) goes out in a window of {@code send_window} segments that slides with the client's
 * ACKs; there is no buffer, each segment is cut from the fixed response at its offset. After 3
 * duplicate ACKs the segment at the hole is resent, and until everything sent by then is
 * acknowledged each partial ACK has the next missing segment resent (NewReno, RFC 6582: Sonde's
 * client keeps nothing out of order, a kernel acknowledges past what it kept); after 1.1 retransmit
 * timeouts without progress (dperf's server timer) the window is resent from the first
 * unacknowledged byte, and the timer's fourth expiry fails the connection (skErr). Each resent
 * segment is a pushRt.
 */
final class ServerStack extends Stack {
    /** What the stack needs from the configuration. */
    record Settings(AddressIndex clients, int portMin, int portCount, int serverIp, int serverPort, boolean http, Prefixes prefixes, Tunnel tunnel) {
        /** IPv4: addresses are whole in the ints. */
        Settings(AddressIndex clients, int portMin, int portCount, int serverIp, int serverPort, boolean http) {
            this(clients, portMin, portCount, serverIp, serverPort, http, null, null);
        }

        /** Without a tunnel. */
        Settings(AddressIndex clients, int portMin, int portCount, int serverIp, int serverPort, boolean http, Prefixes prefixes) {
            this(clients, portMin, portCount, serverIp, serverPort, http, prefixes, null);
        }
    }

    private final Settings s;
    private final MemorySegment response;
    private final int responseLength;
    private final byte[] peerMac = new byte[6];
    private long open;
    /** Segments of a large response in flight at once (dperf's send_window). */
    private int window = org.sonde.load.config.UserspaceOptions.SEND_WINDOW_DEFAULT;
    /** The large responses' retransmit timer (none runs for a response of one segment). */
    private SocketTable.Timers retransmits;
    private static final int RETRANSMIT_LIST = 1;

    ServerStack(Settings s, SocketTable table, FrameOut out, WorkerStats stats, byte[] ownMac, byte[] response, int tos, long seed, Share share) {
        super(table, out, stats, ownMac, tos, seed, share, s.prefixes, s.tunnel);
        if ((long) s.clients.count() * s.portCount > table.size()) {
            throw new IllegalArgumentException("a table of " + table.size() + " sockets cannot hold " + s.clients.count() + " addresses × " + s.portCount + " ports");
        }
        this.s = s;
        this.response = arena.allocate(response.length);
        MemorySegment.copy(response, 0, this.response, ValueLayout.JAVA_BYTE, 0, response.length);
        this.responseLength = response.length;
        this.retransmits = new SocketTable.Timers(table, RETRANSMIT_LIST, DEFAULT_TIMEOUT_NANOS);
    }

    /** dperf's server timer: 1.1 retransmit timeouts of 2 s, so that it does not fire with the client's. */
    private static final long DEFAULT_TIMEOUT_NANOS = 2_200_000_000L;

    /**
     * Sends responses longer than one segment in a window of {@code segments} (dperf's send_window), resending
     * after {@code timeoutNanos} without progress; before the worker starts.
     */
    void sendWindow(int segments, long timeoutNanos) {
        this.window = segments;
        this.retransmits = new SocketTable.Timers(table, RETRANSMIT_LIST, timeoutNanos);
    }

    /** Whether the response is longer than one of this side's segments (then windowed). */
    private boolean large() {
        return responseLength > mss();
    }

    @Override
    boolean owns(int ip) {
        return ip == s.serverIp;
    }

    long open() {
        return open;
    }

    @Override
    int listenPort() {
        return s.serverPort;
    }

    @Override
    void segment(MemorySegment f, long now) {
        // answers go back to the frame's sender (the client's port or its gateway)
        Frames.srcMac(f, peerMac);
        int addressIndex = s.clients.indexOf(Frames.srcIp(f));
        int portOffset = Frames.srcPort(f) - s.portMin;
        if (Frames.dstPort(f) != s.serverPort || addressIndex < 0 || portOffset < 0 || portOffset >= s.portCount) {
            // a port not listened on, or a source outside the client ranges (dperf accepts only its clients)
            stats.increment(Counter.TCP_DROP);
            reset(f, peerMac);
            return;
        }
        int slot = addressIndex * s.portCount + portOffset;
        int flags = Frames.flags(f);
        int state = table.state(slot);
        int seq = Frames.seq(f);
        int length = Frames.payloadLength(f);
        if ((flags & Frames.RST) != 0) {
            if (state != TcpState.CLOSED) {
                // a client closing with RST (fast_close) once its response is all acknowledged closes; any other reset is counted
                int acked = (flags & Frames.ACK) != 0 ? Frames.ack(f) : table.intField(slot, SocketTable.SND_UNA);
                boolean fastClose = state == TcpState.ESTABLISHED && Frames.seq(f) == table.intField(slot, SocketTable.RCV_NXT)
                        && !before(acked, table.intField(slot, SocketTable.RESPONSE_START) + responseLength);
                if (!fastClose) stats.increment(Counter.RST_RX);
                close(slot);
            }
            return;
        }
        if ((flags & Frames.SYN) != 0) {
            syn(slot, f, state, seq);
            return;
        }
        if (state == TcpState.CLOSED) {
            stats.increment(Counter.TCP_DROP);
            reset(f, peerMac);
            return;
        }
        int sndNxt = table.intField(slot, SocketTable.SND_NXT);
        if (state == TcpState.SYN_RCVD) {
            if ((flags & Frames.ACK) == 0 || Frames.ack(f) != sndNxt) {
                stats.increment(Counter.TCP_DROP);
                return;
            }
            table.state(slot, TcpState.ESTABLISHED);
            state = TcpState.ESTABLISHED;
        }
        int rcvNxt = table.intField(slot, SocketTable.RCV_NXT);
        // the ACK first: a request may carry the acknowledgement of the whole previous response
        if (state == TcpState.ESTABLISHED && large() && (flags & Frames.ACK) != 0) {
            // RFC 5681's duplicate ACK: no data, no FIN, the same window (a window update, as the application reads, is none)
            int peerWindow = Frames.window(f);
            boolean duplicate = length == 0 && (flags & Frames.FIN) == 0 && peerWindow == table.shortField(slot, SocketTable.PEER_WINDOW);
            table.shortField(slot, SocketTable.PEER_WINDOW, peerWindow);
            acked(slot, Frames.ack(f), duplicate, now);
        }
        if (state == TcpState.ESTABLISHED && length > 0) {
            if (seq == rcvNxt) {
                request(slot, f, length, now);
                rcvNxt += length;
            } else if (seq + length == rcvNxt) {
                // the request again: our response was lost; it is the same fixed response
                stats.increment(Counter.PUSH_RT);
                if (large()) {
                    goBack(slot, now);
                    return;
                }
                int outstanding = table.shortField(slot, SocketTable.OUTSTANDING);
                stagePayload(response, false);
                sendSegment(slot, peerMac, sndNxt - outstanding, Frames.ACK | Frames.PSH, outstanding);
                return;
            } else {
                stats.increment(Counter.TCP_DROP);
                return;
            }
        }
        if ((flags & Frames.FIN) != 0) {
            if (state == TcpState.ESTABLISHED && seq + length == rcvNxt) {
                table.intField(slot, SocketTable.RCV_NXT, rcvNxt + 1);
                sndNxt = table.intField(slot, SocketTable.SND_NXT);
                sendSegment(slot, peerMac, sndNxt, Frames.FIN | Frames.ACK, 0);
                table.intField(slot, SocketTable.SND_NXT, sndNxt + 1);
                table.state(slot, TcpState.LAST_ACK);
            } else if (state == TcpState.LAST_ACK && seq + length + 1 == rcvNxt) {
                stats.increment(Counter.FIN_RT); // the client's FIN again: our FIN-ACK was lost
                sendSegment(slot, peerMac, sndNxt - 1, Frames.FIN | Frames.ACK, 0);
            } else {
                stats.increment(Counter.TCP_DROP);
            }
            return;
        }
        if (state == TcpState.LAST_ACK && (flags & Frames.ACK) != 0 && Frames.ack(f) == table.intField(slot, SocketTable.SND_NXT)) close(slot);
    }

    private void syn(int slot, MemorySegment f, int state, int seq) {
        if (state == TcpState.SYN_RCVD && table.intField(slot, SocketTable.RCV_NXT) == seq + 1) {
            stats.increment(Counter.SYN_RT); // the SYN again: our SYN-ACK was lost
            sendSegment(slot, peerMac, table.intField(slot, SocketTable.SND_NXT) - 1, Frames.SYN | Frames.ACK, 0);
            return;
        }
        if (state != TcpState.CLOSED) close(slot); // a new connection on a tuple we still held: the old one is over
        int isn = nextIsn();
        table.intField(slot, SocketTable.LOCAL_IP, s.serverIp);
        table.shortField(slot, SocketTable.LOCAL_PORT, s.serverPort);
        table.intField(slot, SocketTable.PEER_IP, Frames.srcIp(f));
        table.shortField(slot, SocketTable.PEER_PORT, Frames.srcPort(f));
        table.intField(slot, SocketTable.RCV_NXT, seq + 1);
        table.intField(slot, SocketTable.SND_NXT, isn + 1);
        table.shortField(slot, SocketTable.OUTSTANDING, 0);
        // nothing in flight: the (not yet sent) previous response ends where the data starts
        table.intField(slot, SocketTable.SND_UNA, isn + 1);
        table.intField(slot, SocketTable.RESPONSE_START, isn + 1 - responseLength);
        table.shortField(slot, SocketTable.PEER_MSS, Frames.mssOption(f));
        table.shortField(slot, SocketTable.PEER_WINDOW, Frames.window(f));
        table.state(slot, TcpState.SYN_RCVD);
        open++;
        stats.increment(Counter.SK_OPEN);
        sendSegment(slot, peerMac, isn, Frames.SYN | Frames.ACK, 0);
    }

    private void request(int slot, MemorySegment f, int length, long now) {
        stats.add(Counter.BYTES_RX, length);
        if (s.http) {
            byte first = f.get(ValueLayout.JAVA_BYTE, Frames.payloadStart(f));
            // dperf's server: any data segment is a whole request; G is a GET, P a POST, anything else httpErr
            if (first == 'G') stats.increment(Counter.HTTP_GET);
            else if (first == 'P') stats.increment(Counter.HTTP_POST);
            else stats.increment(Counter.HTTP_ERR);
            if (first == 'G' || first == 'P') stats.increment(Counter.HTTP_2XX);
        } else {
            stats.increment(Counter.TCP_REQ);
            stats.increment(Counter.TCP_RSP);
        }
        int rcvNxt = table.intField(slot, SocketTable.RCV_NXT) + length;
        table.intField(slot, SocketTable.RCV_NXT, rcvNxt);
        int sndNxt = table.intField(slot, SocketTable.SND_NXT);
        stats.add(Counter.BYTES_TX, responseLength);
        if (large()) {
            table.intField(slot, SocketTable.RESPONSE_START, sndNxt);
            table.intField(slot, SocketTable.SND_UNA, sndNxt);
            table.intField(slot, SocketTable.RECOVER, sndNxt);
            table.byteField(slot, SocketTable.DUP_ACKS, 0);
            table.byteField(slot, SocketTable.RETRANSMITS, 0);
            fill(slot);
            retransmits.schedule(slot, now);
            return;
        }
        stagePayload(response, false);
        sendSegment(slot, peerMac, sndNxt, Frames.ACK | Frames.PSH, responseLength);
        table.intField(slot, SocketTable.SND_NXT, sndNxt + responseLength);
        table.shortField(slot, SocketTable.OUTSTANDING, responseLength);
    }

    /** The segment size of a connection: this side's MSS, or the peer's if it announced less. */
    private int segmentSize(int slot) {
        return Math.min(mss(), table.shortField(slot, SocketTable.PEER_MSS));
    }

    /** Sends the large response's segments from snd_nxt that the window (from snd_una) and the client's receive window have room for. */
    private void fill(int slot) {
        int start = table.intField(slot, SocketTable.RESPONSE_START);
        int end = start + responseLength;
        int nxt = table.intField(slot, SocketTable.SND_NXT);
        int seg = segmentSize(slot);
        // send_window segments, and never past what the client said it can take
        int limit = table.intField(slot, SocketTable.SND_UNA) + Math.min(window * seg, table.shortField(slot, SocketTable.PEER_WINDOW));
        while (before(nxt, end)) {
            int len = Math.min(seg, end - nxt);
            // whole segments within the window: a client whose buffer is full says so with a smaller window, and reopens it
            // with a window update (a kernel drops what is beyond its window)
            if (before(limit, nxt + len)) break;
            stagePayload(response, nxt - start, len);
            // PSH on the response's last segment, as a kernel sets it at the end of a write
            sendSegment(slot, peerMac, nxt, Frames.ACK | (nxt + len == end ? Frames.PSH : 0), len);
            nxt += len;
        }
        table.intField(slot, SocketTable.SND_NXT, nxt);
    }

    /** Resends a large response from its first unacknowledged byte, a window's worth. */
    private void goBack(int slot, long now) {
        int una = table.intField(slot, SocketTable.SND_UNA);
        if (!before(una, table.intField(slot, SocketTable.RESPONSE_START) + responseLength)) return; // all acknowledged already
        // go-back-N ends a fast recovery: the window goes again from the hole, the ACKs then slide it as usual
        table.intField(slot, SocketTable.RECOVER, una);
        table.intField(slot, SocketTable.SND_NXT, una);
        table.byteField(slot, SocketTable.DUP_ACKS, 0);
        fill(slot);
        retransmits.schedule(slot, now);
    }

    /**
     * An acknowledgement while a large response may be in flight: new data acknowledged slides the window (and
     * ends the response at its last byte); the third duplicate ACK in a row resends the window from the first unacknowledged byte.
     */
    private void acked(int slot, int ack, boolean duplicate, long now) {
        int una = table.intField(slot, SocketTable.SND_UNA);
        int end = table.intField(slot, SocketTable.RESPONSE_START) + responseLength;
        if (!before(una, end)) return; // nothing in flight
        if (before(una, ack) && !before(end, ack)) {
            table.intField(slot, SocketTable.SND_UNA, ack);
            table.byteField(slot, SocketTable.DUP_ACKS, 0);
            table.byteField(slot, SocketTable.RETRANSMITS, 0);
            // after a go-back the original segments may still arrive: the ACK can pass what was resent so far
            if (before(table.intField(slot, SocketTable.SND_NXT), ack)) table.intField(slot, SocketTable.SND_NXT, ack);
            if (ack == end) {
                retransmits.cancel(slot);
                return;
            }
            // NewReno's partial ACK: in recovery, the next segment the client lacks is resent at once (Sonde's client keeps
            // nothing out of order, so it lacks every one after a hole; a kernel acknowledges past what it kept), and
            // nothing new goes out until the recovery ends: it would only land behind the next hole
            if (before(ack, table.intField(slot, SocketTable.RECOVER))) resendOne(slot, ack, end);
            else fill(slot);
            retransmits.schedule(slot, now);
        } else if (ack == una && !duplicate) {
            if (!before(una, table.intField(slot, SocketTable.RECOVER))) fill(slot); // a window update (or data): room for more, perhaps
        } else if (ack == una) {
            if (before(una, table.intField(slot, SocketTable.RECOVER))) return; // in recovery: partial ACKs resend, duplicates do not
            int dup = table.byteField(slot, SocketTable.DUP_ACKS);
            table.byteField(slot, SocketTable.DUP_ACKS, Math.min(dup + 1, 255));
            if (dup + 1 == 3) {
                // fast retransmit of the segment at the hole; recovery lasts until all that was sent is acknowledged
                table.intField(slot, SocketTable.RECOVER, table.intField(slot, SocketTable.SND_NXT));
                resendOne(slot, una, end);
            }
        }
    }

    /** Resends the large response's segment at {@code seq} (a pushRt). */
    private void resendOne(int slot, int seq, int end) {
        stats.increment(Counter.PUSH_RT);
        int len = Math.min(segmentSize(slot), end - seq);
        stagePayload(response, seq - table.intField(slot, SocketTable.RESPONSE_START), len);
        sendSegment(slot, peerMac, seq, Frames.ACK | (seq + len == end ? Frames.PSH : 0), len);
    }

    /** Runs the large responses' expired timers: the window again from snd_una, or after three resends the connection fails. */
    void expireTimers(long now) {
        int slot;
        while ((slot = retransmits.pollExpired(now)) != SocketTable.NONE) {
            if (table.state(slot) != TcpState.ESTABLISHED) continue;
            int tries = table.byteField(slot, SocketTable.RETRANSMITS);
            if (tries >= ClientStack.MAX_RETRANSMITS) {
                stats.increment(Counter.SK_ERR);
                stats.increment(Counter.SK_TIMEOUT);
                close(slot);
                continue;
            }
            table.byteField(slot, SocketTable.RETRANSMITS, tries + 1);
            stats.increment(Counter.PUSH_RT);
            goBack(slot, now);
        }
    }

    long nextDeadline() {
        return retransmits.nextDeadline();
    }

    private void close(int slot) {
        retransmits.cancel(slot);
        table.state(slot, TcpState.CLOSED);
        open--;
        stats.increment(Counter.SK_CLOSE);
    }
}
