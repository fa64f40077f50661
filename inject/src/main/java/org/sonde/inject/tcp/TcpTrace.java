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
import org.sonde.inject.model.InjectedEvent;

/**
 * What the injector saw, in order, each packet as it arrived (before its event) with the event
 * it got: the trace the analyzers read. On disk it is a pcapng of raw IPv4 packets that
 * Wireshark dissects, one interface per direction, and each packet's comment
 * ({@code seq=17 event=drop conn=2 seg=5 iter=1}) carries the mirror sequence number and the event.
 *
 * @param entries in arrival order; {@link Entry#sequence()} counts from 1 without a gap
 */
public record TcpTrace(List<Entry> entries) {
    /** The pcapng interfaces: the client's packets, and the server's. */
    public static final List<CaptureInterface> INTERFACES = List.of(
            new CaptureInterface("client to server", LinkTypes.IPV4, 65_535),
            new CaptureInterface("server to client", LinkTypes.IPV4, 65_535));
    private static final Pattern COMMENT = Pattern.compile("seq=(\\d+) event=([a-z]+)(?: copies=(\\d+))?");

    /**
     * One packet at the injector.
     *
     * @param copies extra copies a duplicate event sent behind it (0 otherwise)
     */
    public record Entry(long sequence, long timeNanos, TcpPacketInfo info, InjectedEvent event, int copies) {
        /** Whether the receiver got it (at least once, intact). */
        public boolean delivered() {
            return event.delivered();
        }
    }

    public TcpTrace {
        entries = List.copyOf(entries);
    }

    /** The comment the injector writes with a packet: enough to rebuild the entry, and the test's terms for people. */
    public static String comment(long sequence, InjectedEvent event, int copies, TcpPacketInfo p) {
        StringBuilder sb = new StringBuilder("seq=").append(sequence).append(" event=").append(event.name().toLowerCase(java.util.Locale.ROOT));
        if (copies > 0) sb.append(" copies=").append(copies);
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
                entries.add(new Entry(sequence, r.timestampNanos(), flows.classify(ip, ip.length), event,
                        m.group(3) == null ? 0 : Integer.parseInt(m.group(3))));
            }
        }
        return new TcpTrace(entries);
    }
}
