package org.sonde.replay.diagnose;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.capture.PacketDirection;
import org.sonde.core.AtomicFiles;

/**
 * Diagnoses every TCP connection of a capture, taken at either end or anywhere on the path: per direction and per
 * retransmission its cause with evidence, and the duplicate-ACK, zero-window and out-of-order counts.
 *
 * <p>A capture of several hosts' interfaces ({@code sonde replay record --capture}, or captures that mark each
 * packet's direction, pcapng's {@code epb_flags}) holds a packet once per interface it crossed. The packets of each
 * such interface are analysed on their own, and each direction of a connection is read where its sender's TCP saw it:
 * at the interface its packets left by. There the ACKs coming back are timed as the sender received them, as the
 * diagnosis's round trips and timers assume. Packets without a direction are analysed together, whatever their
 * interface: a capture with one interface per direction of a link holds each packet once.
 */
public final class CaptureDiagnoser {
    private CaptureDiagnoser() {}

    /** Where packets without a direction are analysed, all interfaces together. */
    private static final int UNDIRECTED = -1;

    private record Seen(int interfaceId, ConnectionAnalyzer connection) {}

    /**
     * Reads the capture once. A SYN on a 4-tuple whose connection has closed (FIN or RST) starts a new connection.
     *
     * @throws org.sonde.capture.CaptureFormatException for a malformed capture
     */
    public static CaptureDiagnosis diagnose(Path capture) {
        Map<List<Object>, ConnectionAnalyzer> open = new HashMap<>();
        List<Seen> all = new ArrayList<>();
        Map<List<Endpoint>, Integer> leftAt = new HashMap<>(), firstAt = new HashMap<>();
        TcpCaptureReader reader = new TcpCaptureReader();
        CaptureTotals totals = reader.read(capture, (p, iface, direction) -> {
            int interfaceId = direction == PacketDirection.UNKNOWN ? UNDIRECTED : iface;
            List<Endpoint> flow = List.of(p.src(), p.dst());
            firstAt.putIfAbsent(flow, interfaceId);
            if (direction == PacketDirection.OUTBOUND) leftAt.putIfAbsent(flow, interfaceId);
            List<Object> key = p.src().compareTo(p.dst()) <= 0 ? List.of(interfaceId, p.src(), p.dst()) : List.of(interfaceId, p.dst(), p.src());
            ConnectionAnalyzer c = open.get(key);
            boolean newSyn = p.has(TcpPacket.SYN) && !p.has(TcpPacket.ACK);
            if (c == null || newSyn && c.closed) {
                c = new ConnectionAnalyzer(p.src(), p.dst());
                open.put(key, c);
                all.add(new Seen(interfaceId, c));
            }
            if (direction == PacketDirection.UNKNOWN) {
                c.accept(p);
            } else { // a direction whose packets left by another interface is read there, not here
                Integer dataAt = leftAt.get(flow), ackAt = leftAt.get(List.of(p.dst(), p.src()));
                c.accept(p, dataAt == null || dataAt == interfaceId, ackAt == null || ackAt == interfaceId);
            }
        });
        boolean several = all.stream().mapToInt(Seen::interfaceId).distinct().count() > 1;
        List<FlowDiagnosis> flows = new ArrayList<>();
        for (Seen s : all) {
            for (FlowAnalyzer f : List.of(s.connection.forward, s.connection.backward)) {
                List<Endpoint> flow = List.of(f.src, f.dst);
                if (f.packets == 0 || leftAt.getOrDefault(flow, firstAt.get(flow)) != s.interfaceId) continue;
                flows.add(f.result(s.connection.initialRttNanos(), several && s.interfaceId != UNDIRECTED ? reader.point(s.interfaceId) : null));
            }
        }
        flows.sort(java.util.Comparator.comparingLong(FlowDiagnosis::firstNanos));
        return new CaptureDiagnosis(capture.toString(), totals, flows);
    }

    /** Writes {@link CaptureDiagnosis#toJson()} to {@code file} atomically. */
    public static void writeJson(CaptureDiagnosis d, Path file) {
        AtomicFiles.writeString(file, d.toJson().toPrettyString() + "\n");
    }
}
