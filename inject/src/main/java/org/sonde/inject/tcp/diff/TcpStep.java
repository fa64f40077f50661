package org.sonde.inject.tcp.diff;

import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.tcp.TcpPacketInfo;
import org.sonde.inject.tcp.TcpTrace;
import org.sonde.packet.TcpHeader;

/**
 * One packet of a connection in the test's terms, what the alignment compares: its direction, what
 * it is (a data segment and its transmission, or an acknowledgement and the byte it acknowledges up
 * to), the flags that carry meaning (SYN, FIN, RST, ECE, CWR) and the injector's event. The ports,
 * initial sequence numbers, window, timestamps and PSH are left out: they differ between any two
 * runs (PSH follows how the application's writes were split, not the stack's logic).
 *
 * @param sequence the packet's mirror sequence number in its trace
 * @param what     e.g. {@code seg 5 iter 2}, {@code ack 14481 sack}, {@code SYN ECE CWR}
 */
record TcpStep(boolean fromClient, String what, InjectedEvent event, long sequence, long timeNanos) {
    private static final int MEANINGFUL = TcpHeader.FLAG_SYN | TcpHeader.FLAG_FIN | TcpHeader.FLAG_RST | TcpHeader.FLAG_ECE | TcpHeader.FLAG_CWR;

    static TcpStep of(TcpTrace.Entry e) {
        TcpPacketInfo p = e.info();
        StringBuilder sb = new StringBuilder();
        if (p.segment() > 0) sb.append(p.fromClient() ? "seg " : "server-seg ").append(p.segment()).append(" iter ").append(p.iteration());
        else if (p.has(TcpHeader.FLAG_ACK) && !p.has(TcpHeader.FLAG_SYN)) sb.append(p.fromClient() ? "client-ack " : "ack ").append(p.relAck());
        if (p.sack().length > 0) sb.append(" sack");
        int f = p.flags() & (p.has(TcpHeader.FLAG_SYN) ? MEANINGFUL | TcpHeader.FLAG_ACK : MEANINGFUL);
        if (f != 0) sb.append(sb.isEmpty() ? "" : " ").append(TcpHeader.flagsToString(f));
        return new TcpStep(p.fromClient(), sb.toString(), e.event(), e.sequence(), e.timeNanos());
    }

    /** What the alignment matches on: all but the place in the trace and the time. */
    boolean sameAs(TcpStep o) {
        return fromClient == o.fromClient && event == o.event && what.equals(o.what);
    }

    @Override
    public String toString() {
        return (fromClient ? "client " : "server ") + what + (event == InjectedEvent.NONE ? "" : " [" + event.name().toLowerCase(java.util.Locale.ROOT) + "]");
    }
}
