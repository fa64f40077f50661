package org.sonde.inject.mirror;

import java.nio.file.Path;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;
import org.sonde.capture.TimestampResolution;
import org.sonde.inject.config.DumperSpec;

/**
 * One traffic dumper: a receive ring drained at a limited packet rate, and a pcap file with nanosecond
 * timestamps of what it kept, each packet trimmed to the snap length and restored to its RoCE form
 * ({@link MirrorHeaders#restoreAtDumper}). A packet that finds the ring full is lost, as a real dumper
 * loses packets when its cores fall behind; with no rate limit it keeps everything.
 */
final class Dumper implements AutoCloseable {
    private final DumperSpec spec;
    private final int mirrorPort;
    private final CaptureWriter writer;
    private final long serviceNanos;
    // departure times of the packets in the ring, oldest first (a circular buffer)
    private final long[] departures;
    private int head;
    private int size;
    private long lastDeparture;
    private long received;
    private long lost;
    private long written;

    public Dumper(DumperSpec spec, Path file, int snapLength, int mirrorPort) {
        this.spec = spec;
        this.mirrorPort = mirrorPort;
        this.writer = CaptureWriter.pcap(file, LinkTypes.ETHERNET, snapLength, TimestampResolution.NANOS);
        this.serviceNanos = spec.packetsPerSecond() == 0 ? 0 : Math.max(1, 1_000_000_000L / spec.packetsPerSecond());
        this.departures = new long[spec.packetsPerSecond() == 0 ? 1 : spec.ringPackets()];
    }

    public DumperSpec spec() {
        return spec;
    }

    /**
     * A mirrored copy arrives at {@code timestampNanos} (since the Unix epoch); the dumper restores it
     * in place and writes it unless its ring is full. Returns whether it was kept.
     */
    public boolean receive(long timestampNanos, byte[] frame, int length) {
        received++;
        if (serviceNanos > 0) {
            while (size > 0 && departures[head] <= timestampNanos) {
                head = (head + 1) % departures.length;
                size--;
            }
            if (size == departures.length) {
                lost++;
                return false;
            }
            lastDeparture = Math.max(lastDeparture, timestampNanos) + serviceNanos;
            departures[(head + size) % departures.length] = lastDeparture;
            size++;
        }
        if (!MirrorHeaders.restoreAtDumper(frame, length, mirrorPort)) return false; // not a mirrored RoCE packet
        writer.write(0, timestampNanos, frame, 0, length, length, null);
        written++;
        return true;
    }

    /** Copies that arrived. */
    public long received() {
        return received;
    }

    /** Copies lost to a full ring. */
    public long lost() {
        return lost;
    }

    public long written() {
        return written;
    }

    /** Gives the file up (the run failed). */
    public void abort() {
        writer.abort();
    }

    @Override
    public void close() {
        writer.close();
    }
}
