package org.sonde.sim.net;

import java.util.Arrays;

/**
 * An IEEE 802.1Qbb priority-based flow control frame (MAC control opcode 0x0101): for each enabled
 * priority, a pause time in quanta of 512 bit times; 0 resumes at once (XON).
 */
public final class PauseFrame extends Frame {
    public static final long PFC_DESTINATION = 0x0180C2000001L;
    public static final int MAC_CONTROL = 0x8808;
    public static final int PFC_OPCODE = 0x0101;
    public static final int MAX_QUANTA = 0xFFFF;

    /** Bit p set: the quanta of priority p apply. */
    public final int classEnable;
    private final int[] quanta;

    PauseFrame(long sourceMac, int classEnable, int[] quanta) {
        super(MIN_BYTES, PRIORITIES - 1);
        if (quanta.length != PRIORITIES) throw new IllegalArgumentException("a PFC frame has 8 quanta, not " + quanta.length);
        this.classEnable = classEnable & 0xFF;
        this.quanta = quanta.clone();
        this.sourceMac = sourceMac;
        this.destinationMac = PFC_DESTINATION;
    }

    /** A frame pausing (or with 0 quanta resuming) one priority. */
    public static PauseFrame of(long sourceMac, int priority, int quanta) {
        int[] q = new int[PRIORITIES];
        q[priority] = quanta;
        return new PauseFrame(sourceMac, 1 << priority, q);
    }

    boolean enabled(int priority) {
        return (classEnable >> priority & 1) != 0;
    }

    int quanta(int priority) {
        return quanta[priority];
    }

    @Override
    public byte[] encode() {
        byte[] b = new byte[MIN_BYTES];
        putMac(b, 0, destinationMac);
        putMac(b, 6, sourceMac);
        put16(b, 12, MAC_CONTROL);
        put16(b, 14, PFC_OPCODE);
        put16(b, 16, classEnable);
        for (int p = 0; p < PRIORITIES; p++) put16(b, 18 + 2 * p, quanta[p]);
        return b;
    }

    private static void putMac(byte[] b, int off, long mac) {
        for (int i = 0; i < 6; i++) b[off + i] = (byte) (mac >>> (40 - 8 * i));
    }

    private static void put16(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 8);
        b[off + 1] = (byte) v;
    }

    @Override
    public PauseFrame copy() {
        return new PauseFrame(sourceMac, classEnable, quanta);
    }

    @Override
    public String toString() {
        return "PFC " + Arrays.toString(quanta) + " enable 0x" + Integer.toHexString(classEnable);
    }
}
