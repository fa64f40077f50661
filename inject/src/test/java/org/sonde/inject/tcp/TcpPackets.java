package org.sonde.inject.tcp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.TcpHeader;
import org.sonde.packet.TcpOption;

/**
 * Hand-built traces for the analyzers' and the classifier's tests: IPv4/TCP packets between a
 * client (10.1.0.1) and a server (10.2.0.1), numbered relative to fixed ISNs, classified by
 * {@link TcpFlows} as the injector would, with the events and times the test gives.
 */
public final class TcpPackets {
    public static final long CLIENT_ISN = 1_000_000, SERVER_ISN = 5_000_000;
    public static final int MSS = 1000;
    private static final Ipv4Address CLIENT = Ipv4Address.parse("10.1.0.1"), SERVER = Ipv4Address.parse("10.2.0.1");

    private final TcpFlows flows = new TcpFlows();
    private final List<TcpTrace.Entry> entries = new ArrayList<>();
    private long time;

    /** An IPv4/TCP packet; seq and ack are relative to the sender's and the receiver's ISN. */
    public static byte[] ip(boolean fromClient, int clientPort, long relSeq, long relAck, int flags, int dataBytes, int ecn, long... sack) {
        return ipWithWindow(fromClient, clientPort, relSeq, relAck, flags, dataBytes, ecn, 65_535, sack);
    }

    /** As {@link #ip(boolean, int, long, long, int, int, int, long...)}, advertising {@code window}. */
    public static byte[] ipWithWindow(boolean fromClient, int clientPort, long relSeq, long relAck, int flags, int dataBytes, int ecn, int window,
                                      long... sack) {
        long seqBase = fromClient ? CLIENT_ISN : SERVER_ISN, ackBase = fromClient ? SERVER_ISN : CLIENT_ISN;
        TcpHeader.Builder tcp = TcpHeader.builder(fromClient ? clientPort : 5001, fromClient ? 5001 : clientPort)
                .sequenceNumber((seqBase + relSeq) & 0xffffffffL).acknowledgmentNumber((flags & TcpHeader.FLAG_ACK) != 0 ? (ackBase + relAck) & 0xffffffffL : 0)
                .flags(flags).window(window);
        if (sack.length > 0) {
            List<TcpOption.SackBlock> blocks = new ArrayList<>();
            for (int i = 0; i + 1 < sack.length; i += 2) blocks.add(new TcpOption.SackBlock((ackBase + sack[i]) & 0xffffffffL, (ackBase + sack[i + 1]) & 0xffffffffL));
            tcp.options(new TcpOption.NoOperation(), new TcpOption.NoOperation(), new TcpOption.Sack(blocks));
        }
        byte[] frame = Packet.builder()
                .add(EthernetHeader.of(new MacAddress(2), new MacAddress(1)))
                .add(Ipv4Header.builder(fromClient ? CLIENT : SERVER, fromClient ? SERVER : CLIENT).ecn(ecn).build())
                .add(tcp.build())
                .payload(new byte[dataBytes])
                .build().encode();
        return Arrays.copyOfRange(frame, 14, frame.length);
    }

    /** Adds a packet {@code afterMillis} after the previous one, with its event. */
    public TcpPackets add(double afterMillis, InjectedEvent event, byte[] ip) {
        time += (long) (afterMillis * 1_000_000);
        entries.add(new TcpTrace.Entry(entries.size() + 1, time, flows.classify(ip, ip.length), event, 0));
        return this;
    }

    /** The handshake of a connection from {@code port}, with ECN set up when {@code ecn}. */
    public TcpPackets handshake(int port, boolean ecn, double rttMillis) {
        add(0, InjectedEvent.NONE, ip(true, port, 0, 0, TcpHeader.FLAG_SYN | (ecn ? TcpHeader.FLAG_ECE | TcpHeader.FLAG_CWR : 0), 0, 0));
        add(rttMillis, InjectedEvent.NONE, ip(false, port, 0, 1, TcpHeader.FLAG_SYN | TcpHeader.FLAG_ACK | (ecn ? TcpHeader.FLAG_ECE : 0), 0, 0));
        return add(0.01, InjectedEvent.NONE, ip(true, port, 1, 1, TcpHeader.FLAG_ACK, 0, 0));
    }

    /** Data segment {@code n} (1-based, MSS bytes each) of the client. */
    public TcpPackets data(double afterMillis, int port, int n, InjectedEvent event) {
        return add(afterMillis, event, ip(true, port, 1 + (long) (n - 1) * MSS, 1, TcpHeader.FLAG_ACK, MSS, event == InjectedEvent.ECN ? 3 : 2));
    }

    /** An acknowledgement of the server up to segment {@code through}, with SACK blocks of whole segments [from, to]. */
    public TcpPackets ack(double afterMillis, int port, int through, int flags, int... sackSegments) {
        long[] sack = new long[sackSegments.length];
        for (int i = 0; i + 1 < sackSegments.length; i += 2) {
            sack[i] = 1 + (long) (sackSegments[i] - 1) * MSS;
            sack[i + 1] = 1 + (long) sackSegments[i + 1] * MSS;
        }
        return add(afterMillis, InjectedEvent.NONE, ip(false, port, 1, 1 + (long) through * MSS, TcpHeader.FLAG_ACK | flags, 0, 0, sack));
    }

    /** An acknowledgement up to segment {@code through} that the injector dropped. */
    public TcpPackets droppedAck(double afterMillis, int port, int through) {
        return add(afterMillis, InjectedEvent.DROP, ip(false, port, 1, 1 + (long) through * MSS, TcpHeader.FLAG_ACK, 0, 0));
    }

    /** An acknowledgement of the server up to segment {@code through} advertising {@code window} (0: no room). */
    public TcpPackets ackWindow(double afterMillis, int port, int through, int window) {
        return add(afterMillis, InjectedEvent.NONE, ipWithWindow(false, port, 1, 1 + (long) through * MSS, TcpHeader.FLAG_ACK, 0, 0, window));
    }

    /** Linux's zero-window probe after segment {@code through} was acknowledged: empty, one below the window. */
    public TcpPackets windowProbe(double afterMillis, int port, int through) {
        return add(afterMillis, InjectedEvent.NONE, ip(true, port, (long) through * MSS, 1, TcpHeader.FLAG_ACK, 0, 2));
    }

    /** The last packet was held {@code millis} by the injector before it went on. */
    public TcpPackets held(double millis) {
        entries.add(entries.removeLast().heldFor((long) (millis * 1_000_000)));
        return this;
    }

    public TcpTrace trace() {
        return new TcpTrace(entries);
    }
}
