/**
 * Inspection of a capture: every record dissected once with {@link org.sonde.packet.PacketView},
 * counted per protocol and RoCE opcode with its checksum and ICRC verdicts, and summarised for
 * people ({@link org.sonde.capture.inspect.PacketSummary}: a JSON object or a line of text) and in
 * an HTML report ({@link org.sonde.capture.inspect.InspectReport}). What {@code sonde pcap inspect}
 * and the demo compute; they only print it.
 *
 * <pre>{@code
 * Inspection inspection = Inspection.forReport();
 * try (CaptureReader reader = CaptureReader.open(path)) {
 *     inspection.read(reader, Long.MAX_VALUE, s -> System.out.println(s.line()), offset -> { });
 * }
 * System.out.print(inspection.totals().text());
 * }</pre>
 * Counting without summaries ({@link org.sonde.capture.inspect.Inspection#count}) splits a large
 * file into ranges counted on several threads, with exactly the result of one read.
 */
package org.sonde.capture.inspect;
