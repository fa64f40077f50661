package org.sonde.load.userspace;

import java.lang.foreign.MemorySegment;

/** Where a stack's frames go: a packet socket, or in tests a list of frames. */
@FunctionalInterface
interface FrameOut {
    /** Sends the first {@code length} bytes of {@code frame}; false when they could not be sent now. */
    boolean send(MemorySegment frame, int length);
}
