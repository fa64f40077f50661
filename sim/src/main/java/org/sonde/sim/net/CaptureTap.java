package org.sonde.sim.net;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.capture.CaptureInterface;
import org.sonde.capture.CaptureWriter;
import org.sonde.capture.LinkTypes;

/**
 * Records the frames of some ports into one pcapng file, one interface per port, with nanosecond
 * timestamps: a transmitted frame at its first bit, a received one at its last. Simulated time 0 is
 * {@code epochNanos} in the file, so a scenario's captures are the same on every run.
 */
public final class CaptureTap implements PortTap, AutoCloseable {
    /** Which frames of a port to record. */
    public enum Direction { TX, RX, BOTH }

    private final CaptureWriter writer;
    private final Map<Port, Integer> interfaces = new IdentityHashMap<>();
    private final Direction direction;
    private final long epochNanos;
    private long frames;

    public CaptureTap(Path file, List<Port> ports, Direction direction, int snapLength, long epochNanos) {
        if (ports.isEmpty()) throw new IllegalArgumentException("a capture needs at least one port");
        List<CaptureInterface> ifs = new ArrayList<>();
        for (Port p : ports) {
            if (interfaces.putIfAbsent(p, ifs.size()) != null) throw new IllegalArgumentException("port " + p + " listed twice in one capture");
            ifs.add(new CaptureInterface(p.name(), LinkTypes.ETHERNET, snapLength));
        }
        this.direction = direction;
        this.epochNanos = epochNanos;
        this.writer = CaptureWriter.pcapng(file, ifs, "Sonde simulation");
        for (Port p : ports) p.addTap(this);
    }

    @Override
    public boolean transmitted() {
        return direction != Direction.RX;
    }

    @Override
    public boolean received() {
        return direction != Direction.TX;
    }

    @Override
    public void record(long nowNanos, Frame frame, Port port) {
        byte[] bytes = frame.encode();
        writer.write(interfaces.get(port), epochNanos + nowNanos, bytes, 0, bytes.length, bytes.length, null);
        frames++;
    }

    public long frames() {
        return frames;
    }

    /** Gives the file up (e.g. when the simulation failed): nothing is left that looks complete. */
    public void abort() {
        writer.abort();
    }

    @Override
    public void close() {
        writer.close();
    }
}
