package org.sonde.load.userspace;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;

/**
 * dperf's server TCP: a SYN from a configured client opens the socket at its table slot (client
 * address index × ports + port offset), every data segment is one whole request answered with
 * the fixed response, a FIN is answered with FIN-ACK, and the final ACK frees the slot. It keeps
 * no timers: in stop-and-wait the client resends whatever was lost (its SYN, request or FIN) and
 * the server answers the resend from the socket's sequence numbers alone (counted as synRt,
 * pushRt, finRt here).
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

    ServerStack(Settings s, SocketTable table, FrameOut out, WorkerStats stats, byte[] ownMac, byte[] response, int tos, long seed, Share share) {
        super(table, out, stats, ownMac, tos, seed, share, s.prefixes, s.tunnel);
        if ((long) s.clients.count() * s.portCount > table.size()) {
            throw new IllegalArgumentException("a table of " + table.size() + " sockets cannot hold " + s.clients.count() + " addresses × " + s.portCount + " ports");
        }
        this.s = s;
        this.response = arena.allocate(response.length);
        MemorySegment.copy(response, 0, this.response, ValueLayout.JAVA_BYTE, 0, response.length);
        this.responseLength = response.length;
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
                stats.increment(Counter.RST_RX);
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
        if (state == TcpState.ESTABLISHED && length > 0) {
            if (seq == rcvNxt) {
                request(slot, f, length);
                rcvNxt += length;
            } else if (seq + length == rcvNxt) {
                // the request again: our response was lost; it is the same fixed response
                stats.increment(Counter.PUSH_RT);
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
        if (state == TcpState.LAST_ACK && (flags & Frames.ACK) != 0 && Frames.ack(f) == sndNxt) close(slot);
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
        table.state(slot, TcpState.SYN_RCVD);
        open++;
        stats.increment(Counter.SK_OPEN);
        sendSegment(slot, peerMac, isn, Frames.SYN | Frames.ACK, 0);
    }

    private void request(int slot, MemorySegment f, int length) {
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
        stagePayload(response, false);
        sendSegment(slot, peerMac, sndNxt, Frames.ACK | Frames.PSH, responseLength);
        table.intField(slot, SocketTable.SND_NXT, sndNxt + responseLength);
        table.shortField(slot, SocketTable.OUTSTANDING, responseLength);
        stats.add(Counter.BYTES_TX, responseLength);
    }

    private void close(int slot) {
        table.state(slot, TcpState.CLOSED);
        open--;
        stats.increment(Counter.SK_CLOSE);
    }
}
