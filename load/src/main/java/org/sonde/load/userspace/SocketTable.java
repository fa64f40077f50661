package org.sonde.load.userspace;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * dperf's socket table: every connection this side can ever have, preallocated as 64-byte
 * entries in one off-heap segment, found by array indexing (no hash): slot = address index ×
 * ports + port offset. An entry fits one cache line; there are no send or receive buffers
 * (stop-and-wait with fixed payloads: a large response is resent from the fixed payload, at the
 * offset its sequence number says), and the timer links are 32-bit slot numbers inside the
 * entries, so a million connections take 64 MB and nothing else.
 *
 * <pre>
 *  0 state (byte)      1 retransmits (byte)  2 timer list (byte)  3 flags (byte)
 *  4 snd_nxt (int)     8 rcv_nxt (int)       12 timer next (int)  16 timer prev (int)
 * 20 requests (short) 22 outstanding payload bytes (short)
 * 24 timer deadline, nanoTime (long)         32 client: request sent, nanoTime (long); server: the highest sequence
 *                                                sent when a large response was last resent (int)
 * 40 peer IPv4 (int)  44 peer port (short)   46 local port (short) 48 local IPv4 (int)
 *    (an IPv6 address's low 32 bits: its high 96 are one prefix per side, {@link Prefixes})
 * 52 server: snd_una of a response longer than a segment; client: bytes of the response still to come (int)
 * 56 server: the sequence number the response started at (int); client: the server's MSS (short)
 * 60 server: duplicate ACKs in a row (byte)   61 unused   62 server: the peer's last advertised window (short)
 * </pre>
 * A server keeps its peer's MSS in the requests field, which only a client counts in.
 */
final class SocketTable implements AutoCloseable {
    public static final int ENTRY_BYTES = 64;
    static final int NONE = -1;

    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    static final long STATE = 0;
    static final long RETRANSMITS = 1;
    static final long TIMER_LIST = 2;
    static final long FLAGS = 3;
    static final long SND_NXT = 4;
    static final long RCV_NXT = 8;
    static final long TIMER_NEXT = 12;
    static final long TIMER_PREV = 16;
    static final long REQUESTS = 20;
    static final long OUTSTANDING = 22;
    static final long DEADLINE = 24;
    static final long SENT_AT = 32;
    static final long PEER_IP = 40;
    static final long PEER_PORT = 44;
    static final long LOCAL_PORT = 46;
    static final long LOCAL_IP = 48;
    static final long SND_UNA = 52;
    static final long RCV_LEFT = 52;
    static final long RESPONSE_START = 56;
    static final long DUP_ACKS = 60;
    static final long PEER_WINDOW = 62;
    static final long PEER_MSS = REQUESTS;
    static final long SERVER_MSS = 56;
    static final long RECOVER = SENT_AT;

    private final Arena arena;
    private final MemorySegment entries;
    private final int size;

    /** A zeroed table of {@code size} entries (every entry CLOSED). */
    public SocketTable(int size) {
        if (size <= 0) throw new IllegalArgumentException("a socket table needs at least one entry, got " + size);
        this.size = size;
        this.arena = Arena.ofShared();
        this.entries = arena.allocate((long) size * ENTRY_BYTES, 64);
    }

    public int size() {
        return size;
    }

    /** Bytes the table occupies. */
    public long bytes() {
        return entries.byteSize();
    }

    private static long at(int slot, long field) {
        return (long) slot * ENTRY_BYTES + field;
    }

    int state(int s) {
        return entries.get(ValueLayout.JAVA_BYTE, at(s, STATE));
    }

    void state(int s, int v) {
        entries.set(ValueLayout.JAVA_BYTE, at(s, STATE), (byte) v);
    }

    int byteField(int s, long field) {
        return entries.get(ValueLayout.JAVA_BYTE, at(s, field)) & 0xff;
    }

    void byteField(int s, long field, int v) {
        entries.set(ValueLayout.JAVA_BYTE, at(s, field), (byte) v);
    }

    int intField(int s, long field) {
        return entries.get(INT, at(s, field));
    }

    void intField(int s, long field, int v) {
        entries.set(INT, at(s, field), v);
    }

    int shortField(int s, long field) {
        return entries.get(SHORT, at(s, field)) & 0xffff;
    }

    void shortField(int s, long field, int v) {
        entries.set(SHORT, at(s, field), (short) v);
    }

    long longField(int s, long field) {
        return entries.get(LONG, at(s, field));
    }

    void longField(int s, long field, long v) {
        entries.set(LONG, at(s, field), v);
    }

    @Override
    public void close() {
        arena.close();
    }

    /**
     * dperf's fixed-delay timer list over the table's entries: every entry waits the same delay,
     * so appending keeps the list sorted by deadline; links are slot numbers inside the entries.
     * An entry is on at most one list at a time (the table's timer-list byte says which).
     */
    static final class Timers {
        private final SocketTable t;
        private final int id;
        private final long delayNanos;
        private int head = NONE;
        private int tail = NONE;

        Timers(SocketTable table, int id, long delayNanos) {
            if (id == 0) throw new IllegalArgumentException("timer list id 0 means 'on no list'");
            this.t = table;
            this.id = id;
            this.delayNanos = delayNanos;
        }

        void schedule(int s, long nowNanos) {
            int on = t.byteField(s, TIMER_LIST);
            if (on == id) unlink(s);
            else if (on != 0) throw new IllegalStateException("slot " + s + " is on timer list " + on + ", not " + id);
            t.longField(s, DEADLINE, nowNanos + delayNanos);
            t.intField(s, TIMER_PREV, tail);
            t.intField(s, TIMER_NEXT, NONE);
            if (tail != NONE) t.intField(tail, TIMER_NEXT, s);
            else head = s;
            tail = s;
            t.byteField(s, TIMER_LIST, id);
        }

        /** Takes the entry off this list if it is on it. */
        void cancel(int s) {
            if (t.byteField(s, TIMER_LIST) == id) unlink(s);
        }

        private void unlink(int s) {
            int prev = t.intField(s, TIMER_PREV);
            int next = t.intField(s, TIMER_NEXT);
            if (prev != NONE) t.intField(prev, TIMER_NEXT, next);
            else head = next;
            if (next != NONE) t.intField(next, TIMER_PREV, prev);
            else tail = prev;
            t.byteField(s, TIMER_LIST, 0);
        }

        long nextDeadline() {
            return head == NONE ? Long.MAX_VALUE : t.longField(head, DEADLINE);
        }

        /** Removes and returns the head's slot if it expired by {@code nowNanos}, else {@link #NONE}. */
        int pollExpired(long nowNanos) {
            int s = head;
            if (s == NONE || t.longField(s, DEADLINE) - nowNanos > 0) return NONE;
            unlink(s);
            return s;
        }

        boolean isEmpty() {
            return head == NONE;
        }
    }
}
