package org.sonde.capture;

import java.util.Objects;
import org.sonde.core.UsageException;

/** Writes classic pcap in little-endian order, the order of the machines Sonde runs on. */
final class PcapWriter extends BaseWriter {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long MAX_SECONDS = 0xFFFF_FFFFL;

    private final int snapLength;
    private final long nanosPerUnit;
    private final CaptureFormat format;

    static void check(int linkType, int snapLength, TimestampResolution resolution) {
        CaptureInterface.checkLinkType(linkType);
        CaptureInterface.checkSnapLength(snapLength);
        Objects.requireNonNull(resolution, "resolution");
    }

    PcapWriter(WriteTarget target, int linkType, int snapLength, TimestampResolution resolution) {
        super(target);
        this.snapLength = snapLength;
        this.nanosPerUnit = resolution.nanosPerUnit();
        this.format = resolution == TimestampResolution.NANOS ? CaptureFormat.PCAP_NANOS : CaptureFormat.PCAP_MICROS;
        out.reserve(PcapReader.FILE_HEADER_BYTES);
        out.putInt(resolution == TimestampResolution.NANOS ? CaptureReaders.PCAP_NANOS_MAGIC : CaptureReaders.PCAP_MICROS_MAGIC);
        out.putShort(2);
        out.putShort(4);
        out.putInt(0); // thiszone: timestamps are UTC
        out.putInt(0); // sigfigs
        out.putInt(snapLength);
        out.putInt(linkType);
    }

    @Override
    public void write(int interfaceId, long timestampNanos, byte[] data, int offset, int length, int originalLength, PacketDirection direction,
                      String comment) {
        checkPacket(timestampNanos, data, offset, length, originalLength);
        if (interfaceId != 0) {
            throw new UsageException("pcap has a single interface, so interface " + interfaceId + " cannot be written; use pcapng");
        }
        if (comment != null) throw new UsageException("pcap cannot store packet comments; use pcapng to keep them");
        if (direction != PacketDirection.UNKNOWN) throw new UsageException("pcap cannot store a packet's direction; use pcapng to keep it");
        long seconds = timestampNanos / NANOS_PER_SECOND;
        if (seconds > MAX_SECONDS) {
            throw new UsageException("timestamp " + timestampNanos + " ns is after 2106-02-07, beyond pcap's 32-bit seconds");
        }
        int captured = Math.min(length, snapLength);
        WriteBuffer out = this.out;
        out.reserve(PcapReader.RECORD_HEADER_BYTES);
        out.putInt((int) seconds);
        out.putInt((int) (timestampNanos % NANOS_PER_SECOND / nanosPerUnit));
        out.putInt(captured);
        out.putInt(originalLength);
        out.putBytes(data, offset, captured);
    }

    @Override
    public CaptureFormat format() {
        return format;
    }
}
