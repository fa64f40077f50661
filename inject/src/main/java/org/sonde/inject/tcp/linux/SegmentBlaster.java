package org.sonde.inject.tcp.linux;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.locks.LockSupport;
import org.sonde.packet.Checksums;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.IpProtocols;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.Packet;
import org.sonde.packet.TcpHeader;
import org.sonde.netio.PacketSocket;

/**
 * Offers a bulk TCP transfer's packets to the middle box at a chosen rate, without the hosts'
 * stacks: full-sized data segments from the client's side and an acknowledgement for every second
 * one from the server's side, of {@code connections} connections opened by their handshakes, sent
 * from AF_PACKET transmit rings in both end namespaces. The injector sees what a bulk test shows it
 * (connections, new segments, acknowledgements) while the hosts' TCP costs no CPU, so what limits
 * the rate is the queue and the injector. One thread uses it.
 */
final class SegmentBlaster {
    static final int MSS = 1448;
    private static final int ETH = EthernetHeader.LENGTH, IP = Ipv4Header.MIN_LENGTH, TCP = TcpHeader.MIN_LENGTH;
    private static final int SERVER_PORT = 5001;
    private static final long CLIENT_ISN = 1_000, SERVER_ISN = 5_000;
    /** How far ahead of the schedule a batch may go: half a millisecond of packets. */
    private static final long BATCH_NANOS = 500_000;

    private final PacketSocket client, server;
    /** Frame templates: the client's data segments, the client's segments without data, the server's. */
    private final byte[] data, clientControl, serverControl;
    private final MemorySegment dataFrame, clientControlFrame, serverControlFrame;
    /** Each template's TCP checksum sum without its ports, numbers and flags, which each packet adds (RFC 1624). */
    private final long dataSum, clientControlSum, serverControlSum;
    private final int connections;
    private final long[] sent;
    private int firstPort;

    /**
     * @param toMiddleFromClient the Ethernet header of frames the client sends to the middle box
     * @param toMiddleFromServer the same from the server
     */
    SegmentBlaster(PacketSocket client, PacketSocket server, EthernetHeader toMiddleFromClient, EthernetHeader toMiddleFromServer,
                   Ipv4Address clientAddress, Ipv4Address serverAddress, int connections) {
        this.client = client;
        this.server = server;
        this.connections = connections;
        this.sent = new long[connections];
        this.data = frame(toMiddleFromClient, clientAddress, serverAddress, MSS);
        this.clientControl = frame(toMiddleFromClient, clientAddress, serverAddress, 0);
        this.serverControl = frame(toMiddleFromServer, serverAddress, clientAddress, 0);
        this.dataSum = invariantSum(data);
        this.clientControlSum = invariantSum(clientControl);
        this.serverControlSum = invariantSum(serverControl);
        this.dataFrame = MemorySegment.ofArray(data);
        this.clientControlFrame = MemorySegment.ofArray(clientControl);
        this.serverControlFrame = MemorySegment.ofArray(serverControl);
    }

    private static byte[] frame(EthernetHeader ethernet, Ipv4Address from, Ipv4Address to, int payload) {
        return Packet.builder().add(ethernet)
                .add(Ipv4Header.builder(from, to).ttl(64).flags(Ipv4Header.FLAG_DONT_FRAGMENT).build())
                .add(TcpHeader.builder(0, 0).flags(TcpHeader.FLAG_ACK).window(65_535).build())
                .payload(new byte[payload]).build().encode();
    }

    /** The one's-complement sum of the pseudo header and the segment with zero ports, numbers, flags and checksum. */
    private static long invariantSum(byte[] template) {
        int tcp = ETH + IP;
        java.util.Arrays.fill(template, tcp, tcp + 12, (byte) 0);
        template[tcp + 13] = 0;
        template[tcp + 16] = 0;
        template[tcp + 17] = 0;
        int length = template.length - tcp;
        return Checksums.pseudoHeaderSumV4(template, ETH, IpProtocols.TCP, length) + Checksums.sum(template, tcp, length);
    }

    /**
     * Opens {@code connections} new connections (client ports from {@code firstPort}): each one's
     * SYN, SYN-ACK and ACK; returns the frames sent.
     */
    long open(int firstPort) {
        this.firstPort = firstPort;
        java.util.Arrays.fill(sent, 0);
        for (int c = 0; c < connections; c++) {
            int port = firstPort + c;
            send(client, clientControl, port, SERVER_PORT, CLIENT_ISN, 0, TcpHeader.FLAG_SYN);
            send(server, serverControl, SERVER_PORT, port, SERVER_ISN, CLIENT_ISN + 1, TcpHeader.FLAG_SYN | TcpHeader.FLAG_ACK);
            send(client, clientControl, port, SERVER_PORT, CLIENT_ISN + 1, SERVER_ISN + 1, TcpHeader.FLAG_ACK);
        }
        client.flush();
        server.flush();
        return 3L * connections;
    }

    /**
     * Sends the connections' data and acknowledgements at {@code packetsPerSecond} (counting both)
     * for {@code nanos}, in batches paced against the clock; returns the frames sent and the time
     * it took, {frames, nanos}.
     */
    long[] blast(long packetsPerSecond, long nanos) {
        long start = System.nanoTime(), frames = 0;
        long batch = Math.max(8, packetsPerSecond * BATCH_NANOS / 1_000_000_000L);
        int c = 0;
        while (true) {
            long now = System.nanoTime();
            if (now - start >= nanos) break;
            long due = (long) ((double) (now - start) * packetsPerSecond / 1e9) + batch;
            for (; frames < due; frames++) {
                int port = firstPort + c;
                long segment = sent[c];
                if (segment % 3 == 2) {
                    // every third packet acknowledges the two segments before it
                    send(server, serverControl, SERVER_PORT, port, SERVER_ISN + 1, CLIENT_ISN + 1 + (segment - segment / 3) * MSS, TcpHeader.FLAG_ACK);
                } else {
                    send(client, data, port, SERVER_PORT, CLIENT_ISN + 1 + (segment - segment / 3) * MSS, SERVER_ISN + 1, TcpHeader.FLAG_ACK);
                }
                sent[c]++;
                c = c + 1 == connections ? 0 : c + 1;
            }
            client.flush();
            server.flush();
            long ahead = start + (long) (frames * 1e9 / packetsPerSecond) - BATCH_NANOS - System.nanoTime();
            if (ahead > 0) LockSupport.parkNanos(ahead);
        }
        return new long[] {frames, System.nanoTime() - start};
    }

    /** Writes ports, numbers and flags into {@code template}, with its TCP checksum, and queues it on {@code socket}. */
    private void send(PacketSocket socket, byte[] template, int sourcePort, int destinationPort, long seq, long ackNumber, int flags) {
        prepare(template, sourcePort, destinationPort, seq, ackNumber, flags);
        MemorySegment frame = template == data ? dataFrame : template == clientControl ? clientControlFrame : serverControlFrame;
        while (!socket.send(frame, template.length)) Thread.onSpinWait(); // the ring is full: the kernel is still sending it
    }

    /** Writes ports, numbers and flags into {@code template} and its TCP checksum, added to the template's invariant sum. */
    void prepare(byte[] template, int sourcePort, int destinationPort, long seq, long ackNumber, int flags) {
        int tcp = ETH + IP;
        int seqHigh = (int) (seq >>> 16) & 0xffff, seqLow = (int) seq & 0xffff, ackHigh = (int) (ackNumber >>> 16) & 0xffff, ackLow = (int) ackNumber & 0xffff;
        put16(template, tcp, sourcePort);
        put16(template, tcp + 2, destinationPort);
        put16(template, tcp + 4, seqHigh);
        put16(template, tcp + 6, seqLow);
        put16(template, tcp + 8, ackHigh);
        put16(template, tcp + 10, ackLow);
        template[tcp + 13] = (byte) flags;
        long base = template == data ? dataSum : template == clientControl ? clientControlSum : serverControlSum;
        put16(template, tcp + 16, Checksums.finish(base + sourcePort + destinationPort + seqHigh + seqLow + ackHigh + ackLow + (flags & 0xff)));
    }

    /** The templates: the client's data segment, the client's segment without data, the server's. */
    byte[][] templates() {
        return new byte[][] {data, clientControl, serverControl};
    }

    private static void put16(byte[] b, int at, int v) {
        b[at] = (byte) (v >> 8);
        b[at + 1] = (byte) v;
    }
}
