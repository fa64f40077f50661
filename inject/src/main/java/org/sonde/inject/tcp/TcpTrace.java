package org.sonde.inject.tcp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sonde.capture.CaptureInterface;
import org.sonde.capture.CaptureReader;
import org.sonde.capture.LinkTypes;
import org.sonde.core.BadInputException;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.HeaderField;
import org.sonde.inject.model.InjectedEvent;

/**
 * What the injector saw, in order, each packet as it arrived (before its event) with the event
 * it got: the trace the analyzers read. On disk it is a pcapng of raw IPv4 packets that
 * Wireshark dissects, one interface per direction, and each packet's comment
 * ({@code seq=17 event=none held=21000 conn=2 seg=5 iter=1}) carries the mirror sequence number, the event
 * and how long the injector held the packet.
 *
 * @param entries in arrival order; {@link Entry#sequence()} counts from 1 without a gap
 */
public record TcpTrace(List<Entry> entries) {
    /** The pcapng interfaces: the client's packets, and the server's. */
    public static final List<CaptureInterface> INTERFACES = List.of(
            new CaptureInterface("client to server", LinkTypes.IPV4, 65_535),
            new CaptureInterface("server to client", LinkTypes.IPV4, 65_535));
    private static final Pattern COMMENT = Pattern.compile("seq=(\\d+) event=([a-z]+)(?: copies=(\\d+))?(?: window=(\\d+))?(?: held=(\\d+))?");

    /**
     * One packet at the injector.
     *
     * @param copies extra copies a duplicate event sent behind it (0 otherwise)
     * @param window the TCP window its receiver got: the packet's own, or what a rewrite set
     * @param heldNanos how long the injector kept it before letting it go on (its verdict's latency);
     *                  -1 when unknown, or when an event held it on purpose
     */
    public record Entry(long sequence, long timeNanos, TcpPacketInfo info, InjectedEvent event, int copies, int window, long heldNanos) {
        /** A packet whose window passed as it was sent, held for an unknown time. */
        public Entry(long sequence, long timeNanos, TcpPacketInfo info, InjectedEvent event, int copies) {
            this(sequence, timeNanos, info, event, copies, info.window(), -1);
        }

        /** The same packet, let go {@code nanos} after it arrived. */
        public Entry heldFor(long nanos) {
            return new Entry(sequence, timeNanos, info, event, copies, window, nanos);
        }

        /** When it left the injector towards its receiver: its arrival when that is unknown. */
        public long leftNanos() {
            return timeNanos + Math.max(0, heldNanos);
        }

        /** The entry of a packet the injector is about to act on ({@code action} null: let it pass). */
        public static Entry of(long sequence, long timeNanos, TcpPacketInfo info, EventAction action) {
            InjectedEvent kind = action == null ? InjectedEvent.NONE : action.event();
            int copies = action instanceof EventAction.Duplicate d ? d.copies() : 0;
            int window = action instanceof EventAction.Rewrite r ? r.fields().getOrDefault(HeaderField.TCP_WINDOW, info.window()) : info.window();
            return new Entry(sequence, timeNanos, info, kind, copies, window, -1);
        }

        /** Whether the receiver got it (at least once, intact). */
        public boolean delivered() {
            return event.delivered();
        }
    }

    public TcpTrace {
        entries = List.copyOf(entries);
    }

    /** The comment the injector writes with a packet: enough to rebuild the entry, and the test's terms for people. */
    public static String comment(Entry x) {
        TcpPacketInfo p = x.info();
        StringBuilder sb = new StringBuilder("seq=").append(x.sequence()).append(" event=").append(x.event().name().toLowerCase(java.util.Locale.ROOT));
        if (x.copies() > 0) sb.append(" copies=").append(x.copies());
        if (x.window() != p.window()) sb.append(" window=").append(x.window());
        if (x.heldNanos() >= 0) sb.append(" held=").append(x.heldNanos());
        if (p.connection() > 0) {
            sb.append(" conn=").append(p.connection());
            if (p.segment() > 0) sb.append(p.fromClient() ? " seg=" : " server-seg=").append(p.segment()).append(" iter=").append(p.iteration());
            if (p.ack() > 0) sb.append(p.fromClient() ? " client-ack=" : " ack=").append(p.ack());
        }
        return sb.toString();
    }

    /**
     * Reads a trace the injector wrote, classifying its packets again with {@link TcpFlows}; a
     * packet without the injector's comment, or a gap in the sequence numbers, is bad input.
     */
    public static TcpTrace read(Path pcapng) {
        List<Entry> entries = new ArrayList<>();
        TcpFlows flows = new TcpFlows();
        try (CaptureReader r = CaptureReader.open(pcapng)) {
            while (r.next()) {
                String where = "record " + r.recordNumber();
                if (r.linkType() != LinkTypes.IPV4) {
                    throw new BadInputException(pcapng.toString(), where, "link type " + r.linkType() + ": the injector's traces are raw IPv4 (228)");
                }
                Matcher m = r.comment() == null ? null : COMMENT.matcher(r.comment());
                if (m == null || !m.find()) {
                    throw new BadInputException(pcapng.toString(), where, "no injector comment (seq=N event=E): not a trace of sonde's TCP injector");
                }
                long sequence = Long.parseLong(m.group(1));
                if (sequence != entries.size() + 1) {
                    throw new BadInputException(pcapng.toString(), where, "mirror sequence " + sequence + " after " + entries.size() + ": packets are missing");
                }
                InjectedEvent event;
                try {
                    event = InjectedEvent.valueOf(m.group(2).toUpperCase(java.util.Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    throw new BadInputException(pcapng.toString(), where, "unknown event '" + m.group(2) + "'");
                }
                byte[] ip = java.util.Arrays.copyOfRange(r.array(), r.offset(), r.offset() + r.capturedLength());
                TcpPacketInfo info = flows.classify(ip, ip.length);
                entries.add(new Entry(sequence, r.timestampNanos(), info, event, m.group(3) == null ? 0 : Integer.parseInt(m.group(3)),
                        m.group(4) == null ? info.window() : Integer.parseInt(m.group(4)), m.group(5) == null ? -1 : Long.parseLong(m.group(5))));
            }
        }
        return new TcpTrace(entries);
    }
}
