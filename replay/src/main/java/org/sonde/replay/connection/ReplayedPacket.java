package org.sonde.replay.connection;

/** A segment the replay sent: when, from which endpoint (0 client, 1 server), its index there, and the frame as it left. */
public record ReplayedPacket(long timeNanos, int side, long index, byte[] frame) {
    /** The frame from its IP header on (the replay's hosts have MACs of their own). */
    public byte[] ipPacket() {
        return java.util.Arrays.copyOfRange(frame, org.sonde.sim.net.IpFrame.ETHERNET_HEADER, frame.length);
    }
}
