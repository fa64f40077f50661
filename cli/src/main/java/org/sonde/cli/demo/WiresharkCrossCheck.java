package org.sonde.cli.demo;

import org.sonde.capture.CaptureReader;
import org.sonde.cli.interop.Tshark;
import org.sonde.cli.interop.TsharkRows;
import org.sonde.packet.DecodeException;
import org.sonde.packet.PacketView;
import org.sonde.packet.RoceOpcode;

import java.nio.file.Path;
import java.util.List;

/**
 * Compares, packet by packet, what Sonde decodes in a capture with what Wireshark's tshark
 * decodes: RoCE opcode, destination QP and PSN, TCP sequence and acknowledgement numbers, and
 * tshark's verdicts on the IPv4, UDP and TCP checksums. (tshark shows the RoCE ICRC but does not
 * verify it; Sonde's ICRC is checked against NIC-captured ground truth in its tests.)
 */
final class WiresharkCrossCheck {
    /** How many packets and values were compared, and the first disagreement if any. */
    record Outcome(long packets, long valuesCompared, String firstDisagreement) {
        boolean agrees() {
            return firstDisagreement == null;
        }
    }

    private static final List<String> FIELDS = List.of("frame.number", "infiniband.bth.opcode",
            "infiniband.bth.destqp", "infiniband.bth.psn", "tcp.seq_raw", "tcp.ack_raw",
            "ip.checksum.status", "udp.checksum.status", "tcp.checksum.status");
    /** tshark 4.0 knows the CNP as opcode 0x80 and shows no BTH fields for 0x81. */
    private static final int CNP = RoceOpcode.CNP.code();

    private WiresharkCrossCheck() {}

    static Outcome run(Tshark tshark, Path capture) {
        TsharkRows rows = tshark.fields(capture, FIELDS, Tshark.VERIFY_CHECKSUMS);
        PacketView v = new PacketView();
        long compared = 0;
        int row = 0;
        try (CaptureReader r = CaptureReader.open(capture)) {
            while (r.next()) {
                if (row >= rows.size()) return new Outcome(row, compared, "tshark saw only " + rows.size() + " packets");
                String where = capture.getFileName() + " packet " + (row + 1) + ": ";
                try {
                    v.dissect(r.array(), r.offset(), r.capturedLength());
                } catch (DecodeException e) {
                    return new Outcome(row, compared, where + "Sonde cannot decode it: " + e.getMessage());
                }
                PacketView p = v.isVxlan() ? v.inner() : v;
                for (String status : List.of("ip.checksum.status", "udp.checksum.status", "tcp.checksum.status")) {
                    for (String s : rows.occurrences(row, status)) {
                        // 1 = good, 3 = not present (a zero UDP checksum); 0 = bad, 2 = unverified
                        if (!s.equals("1") && !s.equals("3")) return new Outcome(row, compared, where + status + " is " + s);
                        compared++;
                    }
                }
                if (p.isRoce() && p.bthOpcode() != CNP) {
                    String mismatch = compare(rows, row, "infiniband.bth.opcode", p.bthOpcode())
                            + compare(rows, row, "infiniband.bth.destqp", p.bthDestQp())
                            + compare(rows, row, "infiniband.bth.psn", p.bthPsn());
                    if (!mismatch.isEmpty()) return new Outcome(row, compared, where + mismatch);
                    compared += 3;
                }
                if (p.isTcp()) {
                    String mismatch = compare(rows, row, "tcp.seq_raw", p.tcpSeq()) + compare(rows, row, "tcp.ack_raw", p.tcpAck());
                    if (!mismatch.isEmpty()) return new Outcome(row, compared, where + mismatch);
                    compared += 2;
                }
                row++;
            }
        }
        if (row != rows.size()) return new Outcome(row, compared, "tshark saw " + rows.size() + " packets, Sonde " + row);
        return new Outcome(row, compared, null);
    }

    /** Empty when tshark's (innermost) value equals Sonde's, else a description of the difference. */
    private static String compare(TsharkRows rows, int row, String field, long sonde) {
        String text = rows.innermost(row, field);
        long tshark;
        try {
            tshark = text.startsWith("0x") ? Long.parseLong(text.substring(2), 16) : Long.parseLong(text);
        } catch (NumberFormatException e) {
            return field + ": tshark shows '" + text + "', Sonde " + sonde + "; ";
        }
        return tshark == sonde ? "" : field + ": tshark " + tshark + ", Sonde " + sonde + "; ";
    }
}
