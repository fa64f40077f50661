package org.sonde.sim.net;

/**
 * An Ethernet frame on a simulated wire. Frames carry their header fields as plain values and their
 * payload only as a length: they are encoded to real bytes only when a capture tap records them.
 *
 * <p>A frame is in one place at a time (a queue, a wire, a stack), so nodes may keep per-hop state
 * in it ({@link #ingressPort}); mirroring or duplicating one takes a {@link #copy()}.
 */
public abstract class Frame {
    /** Ethernet's minimum frame length without the FCS; shorter frames are padded on the wire. */
    public static final int MIN_BYTES = 60;
    /** Bytes a frame occupies on the wire beyond its length: FCS 4, preamble and SFD 8, inter-frame gap 12. */
    public static final int WIRE_OVERHEAD = 24;
    public static final int PRIORITIES = 8;

    /** Frame length from the destination MAC to the end of the payload (padding included, FCS excluded). */
    public int bytes;
    /** Traffic class 0..7: selects the egress queue and the PFC priority. */
    public int priority;
    /** MAC addresses (48 bits). */
    public long sourceMac;
    public long destinationMac;

    /** The port of the current node it arrived on, or -1: set by nodes that account buffer per ingress port. */
    public int ingressPort = -1;

    /**
     * A monitor's mark, as ns-3's FlowMonitor tags its packets: set when the sending host transmits
     * the frame (the flow it counts in, and when), read when the frame is delivered or dropped.
     * Copies do not carry it.
     */
    public Object monitorFlow;
    public long monitorSentNanos;

    protected Frame(int bytes, int priority) {
        this.bytes = Math.max(bytes, MIN_BYTES);
        this.priority = priority;
    }

    /** The frame as bytes on the wire (without FCS), for captures. */
    public abstract byte[] encode();

    /** An independent copy (per-hop state cleared). */
    public abstract Frame copy();

    /** A short description for traces and messages. */
    @Override
    public abstract String toString();
}
