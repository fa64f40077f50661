package org.sonde.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * An epoll instance for one event-loop thread, through FFM: descriptors are added once with a
 * 64-bit tag of the caller's choosing, {@link #await} fills a native event array, and another
 * thread may {@link #wakeup} the waiting loop (an eventfd inside the set). Closing a descriptor
 * removes it from the set, so a connection costs one {@code epoll_ctl} in its life.
 */
public final class Epoll implements AutoCloseable {
    public static final int IN = 0x001;
    public static final int OUT = 0x004;
    public static final int ERR = 0x008;
    public static final int HUP = 0x010;
    /** The peer shut down its sending side (its FIN arrived). */
    public static final int RDHUP = 0x2000;
    /** Edge-triggered: one report per change of readiness, not one per wait while ready. */
    public static final int EDGE_TRIGGERED = 1 << 31;

    private static final int EPOLL_CTL_ADD = 1;
    private static final int EPOLL_CLOEXEC = 0x80000;
    private static final int EFD_NONBLOCK = 0x800;
    private static final int EFD_CLOEXEC = 0x80000;
    /** struct epoll_event: u32 events, then u64 data, packed on x86-64 (12 bytes) and naturally aligned elsewhere (16). */
    private static final boolean PACKED = System.getProperty("os.arch").matches("amd64|x86_64");
    private static final long EVENT_BYTES = PACKED ? 12 : 16;
    private static final long DATA_OFFSET = PACKED ? 4 : 8;
    private static final long WAKEUP_TAG = -1L;

    private static final MethodHandle EPOLL_CREATE1 = Sys.call("epoll_create1", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle EPOLL_CTL = Sys.call("epoll_ctl", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS);
    private static final MethodHandle EPOLL_WAIT = Sys.call("epoll_wait", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle EVENTFD = Sys.call("eventfd", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle EVENTFD_WRITE = Sys.call("eventfd_write", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG);
    private static final MethodHandle EVENTFD_READ = Sys.call("eventfd_read", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS);

    private final Arena arena = Arena.ofShared();
    private final MemorySegment capture = Sys.captureSegment(arena);
    /** {@link #wakeup} runs on other threads: its errno lands apart from the loop's. */
    private final MemorySegment wakeupCapture = Sys.captureSegment(arena);
    private final MemorySegment events;
    private final MemorySegment event;
    private final MemorySegment counter;
    private final int maxEvents;
    private final int epfd;
    private final int wakeupFd;
    /** Guarded by this: {@link #wakeup} may come from another thread after the loop closed the set. */
    private boolean closed;

    /** @param maxEvents how many ready descriptors one {@link #await} reports at most */
    public Epoll(int maxEvents) {
        if (maxEvents < 1) throw new IllegalArgumentException("maxEvents must be positive, got " + maxEvents);
        this.maxEvents = maxEvents;
        this.events = arena.allocate(EVENT_BYTES * maxEvents, 8);
        this.event = arena.allocate(EVENT_BYTES, 8);
        this.counter = arena.allocate(ValueLayout.JAVA_LONG);
        int ep = -1;
        int wake = -1;
        try {
            ep = (int) EPOLL_CREATE1.invokeExact(capture, EPOLL_CLOEXEC);
            if (ep < 0) throw Sys.fail(capture, "epoll_create1");
            wake = (int) EVENTFD.invokeExact(capture, 0, EFD_NONBLOCK | EFD_CLOEXEC);
            if (wake < 0) throw Sys.fail(capture, "eventfd");
        } catch (Throwable e) {
            if (ep >= 0) Sys.closeQuietly(ep);
            arena.close();
            throw e instanceof NativeException n ? n : new IllegalStateException(e);
        }
        this.epfd = ep;
        this.wakeupFd = wake;
        int r = add(wakeupFd, IN, WAKEUP_TAG);
        if (r < 0) {
            close();
            throw new NativeException("epoll_ctl(ADD eventfd): " + Sys.describe(-r) + " (errno " + -r + ")", -r);
        }
    }

    /**
     * Adds {@code fd} to the set for {@code interest} (a mask of the constants above), reported
     * with {@code tag}; returns 0, or the negated errno.
     */
    public int add(int fd, int interest, long tag) {
        event.set(ValueLayout.JAVA_INT_UNALIGNED, 0, interest);
        event.set(ValueLayout.JAVA_LONG_UNALIGNED, DATA_OFFSET, tag);
        try {
            int r = (int) EPOLL_CTL.invokeExact(capture, epfd, EPOLL_CTL_ADD, fd, event);
            return r < 0 ? -Sys.errno(capture) : 0;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Waits up to {@code timeoutMillis} (0: do not wait) for ready descriptors; returns how many,
     * each read with {@link #readyTag} and {@link #readyEvents}. A {@link #wakeup} ends the wait
     * and is not among them.
     */
    public int await(int timeoutMillis) {
        int n;
        try {
            n = (int) EPOLL_WAIT.invokeExact(capture, epfd, events, maxEvents, timeoutMillis);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        if (n < 0) {
            int errno = Sys.errno(capture);
            if (errno == Sys.EINTR) return 0;
            throw new NativeException("epoll_wait: " + Sys.describe(errno) + " (errno " + errno + ")", errno);
        }
        for (int i = 0; i < n; i++) {
            if (readyTag(i) != WAKEUP_TAG) continue;
            drainWakeups();
            // the last event takes the wakeup's place
            n--;
            if (i < n) MemorySegment.copy(events, EVENT_BYTES * n, events, EVENT_BYTES * i, EVENT_BYTES);
            break;
        }
        return n;
    }

    /** The tag of the {@code i}-th ready descriptor of the last {@link #await}. */
    public long readyTag(int i) {
        return events.get(ValueLayout.JAVA_LONG_UNALIGNED, EVENT_BYTES * i + DATA_OFFSET);
    }

    /** What the {@code i}-th ready descriptor is ready for (a mask of the constants above). */
    public int readyEvents(int i) {
        return events.get(ValueLayout.JAVA_INT_UNALIGNED, EVENT_BYTES * i);
    }

    /** Ends a current or the next {@link #await} early; safe from any thread, and a no-op once closed. */
    public synchronized void wakeup() {
        if (closed) return;
        try {
            int ignored = (int) EVENTFD_WRITE.invokeExact(wakeupCapture, wakeupFd, 1L);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private void drainWakeups() {
        try {
            int ignored = (int) EVENTFD_READ.invokeExact(capture, wakeupFd, counter);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        Sys.closeQuietly(wakeupFd);
        Sys.closeQuietly(epfd);
        arena.close();
    }
}
