package org.sonde.replay.diagnose;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.AtomicFiles;

/**
 * Diagnoses every TCP connection of a capture, taken at either end or anywhere on the path: per direction and per
 * retransmission its cause with evidence, and the duplicate-ACK, zero-window and out-of-order counts.
 */
public final class CaptureDiagnoser {
    private CaptureDiagnoser() {}

    /**
     * Reads the capture once. A SYN on a 4-tuple whose connection has closed (FIN or RST) starts a new connection.
     *
     * @throws org.sonde.capture.CaptureFormatException for a malformed capture
     */
    public static CaptureDiagnosis diagnose(Path capture) {
        Map<List<Endpoint>, ConnectionAnalyzer> open = new HashMap<>();
        List<ConnectionAnalyzer> all = new ArrayList<>();
        CaptureTotals totals = new TcpCaptureReader().read(capture, p -> {
            List<Endpoint> key = p.src().compareTo(p.dst()) <= 0 ? List.of(p.src(), p.dst()) : List.of(p.dst(), p.src());
            ConnectionAnalyzer c = open.get(key);
            boolean newSyn = p.has(TcpPacket.SYN) && !p.has(TcpPacket.ACK);
            if (c == null || newSyn && c.closed) {
                c = new ConnectionAnalyzer(p.src(), p.dst());
                open.put(key, c);
                all.add(c);
            }
            c.accept(p);
        });
        List<FlowDiagnosis> flows = new ArrayList<>();
        for (ConnectionAnalyzer c : all) {
            for (FlowAnalyzer f : List.of(c.forward, c.backward)) {
                if (f.packets > 0) flows.add(f.result(c.initialRttNanos()));
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
