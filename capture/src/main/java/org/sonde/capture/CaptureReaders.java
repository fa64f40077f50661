package org.sonde.capture;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import org.sonde.core.EnvironmentException;
import org.sonde.core.InputFiles;

/** Opens sources and picks the reader by the file's magic number. */
final class CaptureReaders {
    private CaptureReaders() {}

    static final int PCAP_MICROS_MAGIC = 0xA1B2C3D4;
    static final int PCAP_NANOS_MAGIC = 0xA1B23C4D;
    static final int PCAPNG_MAGIC = 0x0A0D0D0A;

    private static final String SUPPORTED = "supported are pcap (a1b2c3d4 for microseconds, a1b23c4d for nanoseconds,"
            + " either byte order) and pcapng (0a0d0d0a)";

    static BaseReader open(Path file, int maxBufferBytes) {
        return openRange(file, 0, Long.MAX_VALUE, maxBufferBytes);
    }

    static BaseReader openRange(Path file, long startOffset, long endOffset, int maxBufferBytes) {
        FileChannel channel;
        long sizeBytes;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
            sizeBytes = channel.size();
        } catch (NoSuchFileException e) {
            throw new EnvironmentException("cannot open " + file + ": no such file", "check the path");
        } catch (IOException e) {
            throw new EnvironmentException("cannot open " + file + ": " + InputFiles.describe(e), "check that the file exists and is readable", e);
        }
        // a small file or range gets a small buffer; the window grows if one record needs more
        long rangeBytes = Math.min(sizeBytes, endOffset) - Math.max(0, startOffset);
        int bufferBytes = (int) Math.min(maxBufferBytes, Math.max(64 << 10, rangeBytes));
        BaseReader reader = open(ReadBuffer.of(channel, file.toString(), bufferBytes));
        try {
            reader.startAt(startOffset);
            reader.setEndOffset(endOffset);
            return reader;
        } catch (RuntimeException e) {
            closeAfter(e, reader.in);
            throw e;
        }
    }

    static CaptureReader open(InputStream in, String name, int bufferBytes) {
        BaseReader reader = open(ReadBuffer.of(in, name, bufferBytes));
        reader.startAt(0);
        return reader;
    }

    private static BaseReader open(ReadBuffer in) {
        try {
            return detect(in);
        } catch (RuntimeException e) {
            closeAfter(e, in);
            throw e;
        }
    }

    private static void closeAfter(RuntimeException e, ReadBuffer in) {
        try {
            in.close();
        } catch (RuntimeException suppressed) {
            e.addSuppressed(suppressed);
        }
    }

    private static BaseReader detect(ReadBuffer in) {
        if (!in.ensure(4)) {
            String problem = in.available() == 0 ? "the file is empty"
                    : "file ends after " + in.available() + " bytes, inside the 4-byte magic number";
            throw new TruncatedCaptureException(in.name, 0, 0, problem + "; the capture was probably cut off while being written");
        }
        in.bigEndian = false;
        int magic = in.i32(in.pos);
        return switch (magic) {
            case PCAP_MICROS_MAGIC -> new PcapReader(in, false, false);
            case PCAP_NANOS_MAGIC -> new PcapReader(in, false, true);
            case 0xD4C3B2A1 -> new PcapReader(in, true, false);
            case 0x4D3CB2A1 -> new PcapReader(in, true, true);
            case PCAPNG_MAGIC -> new PcapngReader(in);
            default -> throw unknownMagic(in);
        };
    }

    private static CaptureFormatException unknownMagic(ReadBuffer in) {
        byte[] b = in.buf;
        int p = in.pos;
        String start = HexFormat.ofDelimiter(" ").formatHex(b, p, p + 4);
        String hint;
        if ((b[p] & 0xFF) == 0x1F && (b[p + 1] & 0xFF) == 0x8B) {
            hint = "it looks gzip-compressed: decompress it first (gunzip)";
        } else if (start.equals("28 b5 2f fd")) {
            hint = "it looks zstd-compressed: decompress it first (zstd -d)";
        } else if (start.equals("fd 37 7a 58")) {
            hint = "it looks xz-compressed: decompress it first (xz -d)";
        } else if (b[p] == 'B' && b[p + 1] == 'Z' && b[p + 2] == 'h') {
            hint = "it looks bzip2-compressed: decompress it first (bunzip2)";
        } else if (start.equals("a1 b2 cd 34") || start.equals("34 cd b2 a1")) {
            hint = "this is the obsolete 'modified' pcap of old Linux patches; convert it with editcap -F pcap";
        } else {
            hint = "convert other formats with editcap -F pcapng";
        }
        return new CaptureFormatException(in.name, 0, 0,
                "not a capture file: it starts with " + start + "; " + SUPPORTED, hint);
    }
}
