package org.sonde.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * The Linux system calls raw packet I/O needs, as FFM downcalls that capture errno. Each method
 * returns the call's result and throws {@link NativeException} with the errno's name when it
 * fails (except where "nothing now" is a normal answer, e.g. EAGAIN on a non-blocking receive).
 */
final class Sys {
    static final int AF_PACKET = 17;
    static final int AF_INET = 2;
    static final int IPPROTO_RAW = 255;
    static final int SOCK_RAW = 3;
    static final int SOCK_DGRAM = 2;
    static final int SO_TIMESTAMP = 29;
    static final int SOL_SOCKET = 1;
    static final int SO_RCVBUFFORCE = 33;
    static final int SO_SNDBUFFORCE = 32;
    static final int SOL_PACKET = 263;
    static final int PACKET_QDISC_BYPASS = 20;
    static final int PACKET_IGNORE_OUTGOING = 23;
    static final int PACKET_FANOUT = 18;
    static final int PACKET_FANOUT_DATA = 22;
    static final int PACKET_FANOUT_HASH = 0;
    static final int PACKET_FANOUT_CBPF = 6;
    static final int PACKET_FANOUT_FLAG_UNIQUEID = 0x2000;
    static final int PACKET_RX_RING = 5;
    static final int PACKET_STATISTICS = 6;
    static final int PACKET_VERSION = 10;
    static final int PACKET_TX_RING = 13;
    static final int PACKET_VNET_HDR = 15;
    static final int TPACKET_V2 = 1;
    static final int PROT_READ_WRITE = 0x3;
    static final int MAP_SHARED = 0x01;
    static final int ETH_P_ALL = 0x0003;
    static final int MSG_DONTWAIT = 0x40;
    static final int CLONE_NEWNET = 0x40000000;
    static final int O_RDONLY = 0;
    static final int O_RDWR = 2;
    static final int O_NONBLOCK = 0x800;
    static final int O_CLOEXEC = 0x80000;
    static final int EAGAIN = 11;
    static final int EINTR = 4;
    static final int ENOBUFS = 105;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final StructLayout CAPTURE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CAPTURE.varHandle(MemoryLayout.PathElement.groupElement("errno"));
    private static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");

    private static final MethodHandle SOCKET = call("socket", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle BIND = call("bind", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT);
    private static final MethodHandle SETSOCKOPT = call("setsockopt", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT);
    private static final MethodHandle GETSOCKOPT = call("getsockopt", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS);
    private static final MethodHandle SEND = call("send", ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_INT);
    private static final MethodHandle SENDTO = call("sendto", ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
            ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT);
    private static final MethodHandle RECV = call("recv", ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_INT);
    private static final MethodHandle RECVMMSG = call("recvmmsg", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS);
    private static final MethodHandle MMAP = call("mmap", ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG);
    private static final MethodHandle MUNMAP = call("munmap", ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG);
    private static final MethodHandle POLL = call("poll", ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT);
    private static final MethodHandle CLOSE = call("close", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle OPEN = call("open", ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT);
    private static final MethodHandle READ = call("read", ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG);
    private static final MethodHandle WRITE = call("write", ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG);
    /** ioctl(fd, request, void *): variadic after the request, so the pointer is passed as a variadic argument. */
    private static final MethodHandle IOCTL = LINKER.downcallHandle(LINKER.defaultLookup().find("ioctl").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS),
            Linker.Option.firstVariadicArg(2), Linker.Option.captureCallState("errno"));
    private static final MethodHandle SETNS = call("setns", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle SCHED_SETAFFINITY = call("sched_setaffinity", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
            ValueLayout.ADDRESS);
    private static final MethodHandle SCHED_GETAFFINITY = call("sched_getaffinity", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
            ValueLayout.ADDRESS);
    private static final MethodHandle IF_NAMETOINDEX = call("if_nametoindex", ValueLayout.JAVA_INT, ValueLayout.ADDRESS);
    private static final MethodHandle STRERROR = LINKER.downcallHandle(LINKER.defaultLookup().find("strerror").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.ADDRESS.withTargetLayout(MemoryLayout.sequenceLayout(256, ValueLayout.JAVA_BYTE)), ValueLayout.JAVA_INT));

    private Sys() {}

    static MethodHandle call(String name, ValueLayout result, ValueLayout... args) {
        MemorySegment address = LINKER.defaultLookup().find(name).orElseThrow(() -> new UnsatisfiedLinkError("libc has no " + name));
        FunctionDescriptor fd = FunctionDescriptor.of(result, args);
        return LINKER.downcallHandle(address, fd, CAPTURE_ERRNO);
    }

    /** One thread's errno capture buffer, reused by every call of that thread. */
    private static final ThreadLocal<MemorySegment> STATE = ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(CAPTURE));

    static int errno() {
        return errno(STATE.get());
    }

    /** A capture buffer for one thread's calls, for callers that keep their own instead of the thread-local one. */
    static MemorySegment captureSegment(Arena arena) {
        return arena.allocate(CAPTURE);
    }

    static int errno(MemorySegment capture) {
        return (int) ERRNO.get(capture, 0L);
    }

    /**
     * What a downcall's {@code catch (Throwable)} throws: a failed call's {@link NativeException} as
     * it is, anything else (invokeExact declares Throwable) wrapped, since it is a bug here.
     */
    static RuntimeException unchecked(Throwable e) {
        return e instanceof NativeException n ? n : new IllegalStateException(e);
    }

    static NativeException fail(MemorySegment capture, String what) {
        int e = errno(capture);
        return new NativeException(what + ": " + describe(e) + " (errno " + e + ")", e);
    }

    static String describe(int errno) {
        try {
            MemorySegment s = (MemorySegment) STRERROR.invokeExact(errno);
            return s.getString(0);
        } catch (Throwable e) {
            return "errno " + errno;
        }
    }

    private static NativeException fail(String what) {
        return fail(STATE.get(), what);
    }

    static int socket(int domain, int type, int protocol) {
        try {
            int fd = (int) SOCKET.invokeExact(STATE.get(), domain, type, protocol);
            if (fd < 0) throw fail("socket(" + (domain == AF_PACKET ? "AF_PACKET" : domain == AF_INET ? "AF_INET" : domain) + ", SOCK_RAW)");
            return fd;
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    static void bind(int fd, MemorySegment address, String what) {
        try {
            if ((int) BIND.invokeExact(STATE.get(), fd, address, (int) address.byteSize()) < 0) throw fail(what);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    static void setIntOption(int fd, int level, int name, int value, String what) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocateFrom(ValueLayout.JAVA_INT, value);
            if ((int) SETSOCKOPT.invokeExact(STATE.get(), fd, level, name, v, 4) < 0) throw fail(what);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Sets a socket option whose value is a struct (e.g. tpacket_req). */
    static void setStructOption(int fd, int level, int name, MemorySegment value, String what) {
        try {
            if ((int) SETSOCKOPT.invokeExact(STATE.get(), fd, level, name, value, (int) value.byteSize()) < 0) throw fail(what);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Reads a socket option into {@code value} (its size is the length passed); {@code length} is a 4-byte scratch. */
    static void getOption(int fd, int level, int name, MemorySegment value, MemorySegment length, String what) {
        length.set(ValueLayout.JAVA_INT, 0, (int) value.byteSize());
        try {
            if ((int) GETSOCKOPT.invokeExact(STATE.get(), fd, level, name, value, length) < 0) throw fail(what);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Maps {@code length} bytes of the descriptor (a packet socket's rings) shared and read-write. */
    static MemorySegment mmap(int fd, long length, String what) {
        try {
            MemorySegment m = (MemorySegment) MMAP.invokeExact(STATE.get(), MemorySegment.NULL, length, PROT_READ_WRITE, MAP_SHARED, fd, 0L);
            if (m.address() == -1L) throw fail(what);
            return m.reinterpret(length);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    static void munmap(MemorySegment m) {
        try {
            if ((int) MUNMAP.invokeExact(STATE.get(), m, m.byteSize()) < 0) throw fail("munmap");
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Sends one frame; returns false when the socket's buffer is full (EAGAIN/ENOBUFS). */
    static boolean send(int fd, MemorySegment frame, long length) {
        try {
            long n = (long) SEND.invokeExact(STATE.get(), fd, frame, length, MSG_DONTWAIT);
            if (n >= 0) return true;
            int e = errno();
            if (e == EAGAIN || e == ENOBUFS || e == EINTR) return false;
            throw fail("send on the packet socket");
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Sends {@code length} bytes to the socket address {@code to}; blocks while the socket buffer is full. */
    static void sendTo(int fd, MemorySegment data, long length, MemorySegment to, String what) {
        try {
            long n = (long) SENDTO.invokeExact(STATE.get(), fd, data, length, 0, to, (int) to.byteSize());
            if (n < 0) throw fail(what);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Receives one frame into {@code buffer}; 0 when none is waiting. */
    static int recv(int fd, MemorySegment buffer) {
        try {
            long n = (long) RECV.invokeExact(STATE.get(), fd, buffer, buffer.byteSize(), MSG_DONTWAIT);
            if (n >= 0) return (int) n;
            int e = errno();
            if (e == EAGAIN || e == EINTR) return 0;
            throw fail("recv on the packet socket");
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /**
     * Receives up to {@code count} datagrams into the {@code struct mmsghdr} array {@code vector}
     * with one system call; 0 when none is waiting. ENOBUFS (a netlink socket overran) is thrown.
     */
    static int recvmmsg(int fd, MemorySegment vector, int count, String what) {
        try {
            int n = (int) RECVMMSG.invokeExact(STATE.get(), fd, vector, count, MSG_DONTWAIT, MemorySegment.NULL);
            if (n >= 0) return n;
            int e = errno();
            if (e == EAGAIN || e == EINTR) return 0;
            throw fail(what);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Waits up to {@code timeoutMillis} for the descriptor to become readable. */
    static void pollIn(int fd, MemorySegment pollfd, int timeoutMillis) {
        pollfd.set(ValueLayout.JAVA_INT, 0, fd);
        pollfd.set(ValueLayout.JAVA_SHORT, 4, (short) 1); // POLLIN
        pollfd.set(ValueLayout.JAVA_SHORT, 6, (short) 0);
        try {
            int r = (int) POLL.invokeExact(STATE.get(), pollfd, 1L, timeoutMillis);
            if (r < 0 && errno() != EINTR) throw fail("poll on the packet socket");
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    static void close(int fd) {
        try {
            int r = (int) CLOSE.invokeExact(STATE.get(), fd);
            if (r < 0) throw fail("close");
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Closes a descriptor whose closing cannot fail in a way that matters (cleanup, error paths). */
    static void closeQuietly(int fd) {
        try {
            int ignored = (int) CLOSE.invokeExact(STATE.get(), fd);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    static int open(String path) {
        return open(path, O_RDONLY);
    }

    static int open(String path, int flags) {
        try (Arena a = Arena.ofConfined()) {
            int fd = (int) OPEN.invokeExact(STATE.get(), a.allocateFrom(path), flags);
            if (fd < 0) throw fail("open " + path);
            return fd;
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** ioctl with a pointer argument (e.g. TUNSETIFF with a struct ifreq). */
    static void ioctl(int fd, long request, MemorySegment argument, String what) {
        try {
            if ((int) IOCTL.invokeExact(STATE.get(), fd, request, argument) < 0) throw fail(what);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Reads up to the buffer's size from a non-blocking descriptor; 0 when nothing is waiting. */
    static int read(int fd, MemorySegment buffer, String what) {
        try {
            long n = (long) READ.invokeExact(STATE.get(), fd, buffer, buffer.byteSize());
            if (n >= 0) return (int) n;
            int e = errno();
            if (e == EAGAIN || e == EINTR) return 0;
            throw fail(what);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Writes {@code length} bytes to a non-blocking descriptor; false when it cannot take them now. */
    static boolean write(int fd, MemorySegment data, long length, String what) {
        try {
            long n = (long) WRITE.invokeExact(STATE.get(), fd, data, length);
            if (n >= 0) return true;
            int e = errno();
            if (e == EAGAIN || e == EINTR || e == ENOBUFS) return false;
            throw fail(what);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Moves the calling thread (only it) into the network namespace {@code fd} refers to. */
    static void setns(int fd, String what) {
        try {
            if ((int) SETNS.invokeExact(STATE.get(), fd, CLONE_NEWNET) < 0) throw fail(what);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** Lets the calling thread (only it) run on the first 64 CPUs' of {@code cpuMask} alone. */
    /** The first 64 CPUs the calling thread may run on (bit i: CPU i). */
    static long affinity() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment mask = a.allocate(128);
            if ((int) SCHED_GETAFFINITY.invokeExact(STATE.get(), 0, 128L, mask) < 0) throw fail("sched_getaffinity");
            return mask.get(ValueLayout.JAVA_LONG, 0);
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    static void setAffinity(long cpuMask) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment mask = a.allocate(128); // cpu_set_t: 1024 bits
            mask.set(ValueLayout.JAVA_LONG, 0, cpuMask);
            if ((int) SCHED_SETAFFINITY.invokeExact(STATE.get(), 0, 128L, mask) < 0) throw fail("sched_setaffinity to CPUs " + Long.toHexString(cpuMask));
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }

    /** The interface's index in the calling thread's network namespace. */
    static int ifIndex(String name) {
        try (Arena a = Arena.ofConfined()) {
            int i = (int) IF_NAMETOINDEX.invokeExact(STATE.get(), a.allocateFrom(name));
            if (i == 0) throw fail("no network interface '" + name + "'");
            return i;
        } catch (Throwable e) {
            throw unchecked(e);
        }
    }
}
