package org.sonde.inject.mirror;

/**
 * The switch's global mirror sequence number (Lumina's {@code sequence_reg}): 1 for the first mirrored
 * packet, then +1 per packet, wrapping from 0x7fffffff back to 1 (0 is never used).
 */
final class MirrorSequence {
    public static final long MAX = 0x7fff_ffffL;
    private long last;

    /** The next sequence number. */
    public long next() {
        last = last == MAX ? 1 : last + 1;
        return last;
    }

    /**
     * Undoes the wrap along a stream of sequence numbers in mirror order: the same number plus
     * {@link #MAX} per wrap seen, so consecutive packets differ by exactly 1 across a wrap.
     */
    public static final class Unwrapper {
        private long epochs;
        private long previous = -1;

        /** Starts the stream at {@code sequence} after {@code wraps} wraps (e.g. a dumper whose first copy came after a wrap). */
        public long start(long sequence, long wraps) {
            epochs = wraps;
            previous = sequence;
            return epochs * MAX + sequence;
        }

        public long unwrap(long sequence) {
            if (previous >= 0 && sequence < previous - (MAX >> 1)) epochs++; // fell by more than half the space: wrapped
            previous = sequence;
            return epochs * MAX + sequence;
        }
    }
}
