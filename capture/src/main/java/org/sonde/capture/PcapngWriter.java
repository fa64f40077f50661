package org.sonde.capture;

import static org.sonde.capture.PcapngReader.OPT_COMMENT;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.sonde.core.UsageException;

/**
 * Writes one pcapng section in little-endian order: a Section Header Block, one Interface
 * Description Block per interface, then an Enhanced Packet Block per packet.
 */
final class PcapngWriter extends BaseWriter {
    private static final int SHB_USERAPPL = 4;
    private static final int MAX_OPTION_BYTES = 0xFFFF;
    private static final byte[] APPLICATION = "Sonde".getBytes(StandardCharsets.UTF_8);

    private record Option(int code, byte[] value) {}

    private final int[] snapLengths;
    private final long[] nanosPerUnit;

    static void check(List<CaptureInterface> interfaces, String sectionComment) {
        if (interfaces.isEmpty()) throw new UsageException("a pcapng file needs at least one interface");
        optionValue("section comment", sectionComment);
        for (CaptureInterface i : interfaces) {
            optionValue("interface name", i.name());
            optionValue("interface comment", i.comment());
        }
    }

    PcapngWriter(WriteTarget target, List<CaptureInterface> interfaces, String sectionComment) {
        super(target);
        snapLengths = interfaces.stream().mapToInt(CaptureInterface::snapLength).toArray();
        nanosPerUnit = interfaces.stream().mapToLong(i -> i.resolution().nanosPerUnit()).toArray();
        writeSectionHeader(sectionComment);
        for (CaptureInterface i : interfaces) writeInterface(i);
    }

    private void writeSectionHeader(String comment) {
        List<Option> options = new ArrayList<>();
        if (comment != null) options.add(new Option(OPT_COMMENT, optionValue("section comment", comment)));
        options.add(new Option(SHB_USERAPPL, APPLICATION));
        int total = 28 + optionsBytes(options);
        out.reserve(total);
        out.putInt(PcapngReader.SHB);
        out.putInt(total);
        out.putInt(PcapngReader.BYTE_ORDER_MAGIC);
        out.putShort(1);
        out.putShort(0);
        out.putLong(-1); // section length unknown: the file is streamed
        putOptions(options, total);
    }

    private void writeInterface(CaptureInterface i) {
        List<Option> options = new ArrayList<>();
        if (i.name() != null) options.add(new Option(PcapngReader.IF_NAME, optionValue("interface name", i.name())));
        options.add(new Option(PcapngReader.IF_TSRESOL, new byte[] {(byte) i.resolution().decimalExponent()}));
        if (i.comment() != null) options.add(new Option(OPT_COMMENT, optionValue("interface comment", i.comment())));
        int total = 20 + optionsBytes(options);
        out.reserve(total);
        out.putInt(PcapngReader.IDB);
        out.putInt(total);
        out.putShort(i.linkType());
        out.putShort(0);
        out.putInt(i.snapLength());
        putOptions(options, total);
    }

    @Override
    public void write(int interfaceId, long timestampNanos, byte[] data, int offset, int length, int originalLength, PacketDirection direction,
                      String comment) {
        checkPacket(timestampNanos, data, offset, length, originalLength);
        if (interfaceId < 0 || interfaceId >= snapLengths.length) {
            throw new UsageException("interface " + interfaceId + " does not exist; this file has " + snapLengths.length);
        }
        byte[] commentBytes = comment == null ? null : optionValue("packet comment", comment);
        int captured = Math.min(length, snapLengths[interfaceId]);
        int padding = WriteBuffer.padding(captured);
        boolean flags = direction != PacketDirection.UNKNOWN;
        int optionsBytes = (commentBytes == null ? 0 : WriteBuffer.optionBytes(commentBytes.length)) + (flags ? WriteBuffer.optionBytes(4) : 0);
        if (optionsBytes > 0) optionsBytes += 4; // opt_endofopt
        int total = 32 + captured + padding + optionsBytes;
        long units = timestampNanos / nanosPerUnit[interfaceId];
        WriteBuffer out = this.out;
        out.reserve(28);
        out.putInt(PcapngReader.EPB);
        out.putInt(total);
        out.putInt(interfaceId);
        out.putInt((int) (units >>> 32));
        out.putInt((int) units);
        out.putInt(captured);
        out.putInt(originalLength);
        out.putBytes(data, offset, captured);
        out.reserve(padding + optionsBytes + 4);
        out.putZeros(padding);
        if (commentBytes != null) out.putOption(OPT_COMMENT, commentBytes);
        if (flags) {
            out.putShort(PcapngReader.EPB_FLAGS);
            out.putShort(4);
            out.putInt(direction.flagBits());
        }
        if (optionsBytes > 0) out.putInt(0); // opt_endofopt
        out.putInt(total);
    }

    private static int optionsBytes(List<Option> options) {
        return options.stream().mapToInt(o -> WriteBuffer.optionBytes(o.value().length)).sum() + 4;
    }

    private void putOptions(List<Option> options, int total) {
        for (Option o : options) out.putOption(o.code(), o.value());
        out.putInt(0); // opt_endofopt
        out.putInt(total);
    }

    /** UTF-8 bytes of an option's text, or null for null; an option holds at most 65535 bytes. */
    private static byte[] optionValue(String what, String text) {
        if (text == null) return null;
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_OPTION_BYTES) {
            throw new UsageException(what + " has " + bytes.length + " bytes in UTF-8; pcapng options hold at most " + MAX_OPTION_BYTES);
        }
        return bytes;
    }

    @Override
    public CaptureFormat format() {
        return CaptureFormat.PCAPNG;
    }
}
