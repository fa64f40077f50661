package org.sonde.load.userspace;

import java.lang.foreign.MemorySegment;

/**
 * 802.1Q tags on the engine's frames (dperf's {@code vlan}): a frame is written 4 bytes into its
 * buffer as if untagged, and tagging moves its MAC addresses in front of the tag; a received
 * tagged frame is untagged in place the other way round, so the stacks read every frame at the
 * same offsets. (The packet socket gives frames back with their tag, see netio's PacketSocket.)
 */
final class Vlan {
    private Vlan() {}

    static final int TAG = org.sonde.load.config.UserspaceOptions.VLAN_TAG;
    static final int TPID = 0x8100;

    /**
     * Tags the untagged frame of {@code length} bytes at offset {@link #TAG} of {@code buffer} with VLAN
     * {@code id} (priority 0), making it a frame at offset 0; returns its length.
     */
    static int tag(MemorySegment buffer, int id, int length) {
        MemorySegment.copy(buffer, TAG, buffer, 0, 12); // the addresses; the copy is right for overlapping ranges
        Frames.u16(buffer, 12, TPID);
        Frames.u16(buffer, 14, id);
        return length + TAG;
    }

    /** Whether a frame carries an 802.1Q tag with VLAN {@code id} and room for an Ethernet header after it. */
    static boolean isTagged(MemorySegment frame, int length, int id) {
        return length >= 14 + TAG && Frames.u16(frame, 12) == TPID && (Frames.u16(frame, 14) & 0xfff) == id;
    }

    /** Takes a tagged frame's tag off in place: the result starts {@link #TAG} bytes in, an untagged frame. */
    static MemorySegment untag(MemorySegment frame) {
        MemorySegment.copy(frame, 0, frame, TAG, 12);
        return frame.asSlice(TAG);
    }
}
