package org.sonde.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * Non-blocking TCP sockets as plain descriptors, through FFM, for one event-loop thread (with
 * {@link Epoll}): exactly the system calls a C load generator makes, no more. A client connection is
 * socket, connect, write, read and close; a server's is accept4, read, write and close; the JDK's channels add two fcntl, two getsockname, a
 * poll, two getsockopt, a shutdown and two epoll_ctl per connection, which at tens of thousands of
 * connections per second is CPU the kernel's TCP needs. Calls on the hot path return the negated errno instead
 * of throwing; an instance serves one thread at a time (it keeps that thread's errno and scratch).
 */
public final class TcpSockets implements AutoCloseable {
    public static final int EAGAIN = Sys.EAGAIN;
    public static final int EINPROGRESS = 115;
    /** connect(2) found no free source port for the tuple. */
    public static final int EADDRNOTAVAIL = 99;
    public static final int EPIPE = 32;
    public static final int ECONNRESET = 104;
    public static final int ETIMEDOUT = 110;
    public static final int ECONNREFUSED = 111;

    private static final int AF_INET = 2;
    private static final int AF_INET6 = 10;
    private static final int SOCK_STREAM = 1;
    private static final int SOCK_NONBLOCK = 0x800;
    private static final int SOCK_CLOEXEC = 0x80000;
    private static final int SOL_SOCKET = 1;
    private static final int SO_REUSEADDR = 2;
    private static final int SO_REUSEPORT = 15;
    private static final int SO_LINGER = 13;
    private static final int IPPROTO_IP = 0;
    private static final int IP_TOS = 1;
    private static final int IP_BIND_ADDRESS_NO_PORT = 24;
    private static final int IPPROTO_TCP = 6;
    private static final int TCP_NODELAY = 1;
    private static final int TCP_DEFER_ACCEPT = 9;
    private static final int IPPROTO_IPV6 = 41;
    private static final int IPV6_TCLASS = 67;
    private static final long SOCKADDR_IN_BYTES = 16;
    private static final long SOCKADDR_IN6_BYTES = 28;

    private static final MethodHandle SOCKET = Sys.call("socket", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle CONNECT = Sys.call("connect", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT);
    private static final MethodHandle BIND = Sys.call("bind", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT);
    private static final int SO_ERROR = 4;
    private static final MethodHandle GETSOCKOPT = Sys.call("getsockopt", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS);
    private static final MethodHandle SETSOCKOPT = Sys.call("setsockopt", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT);
    // buffers pass as raw addresses: a slice per call would be an object per call
    private static final MethodHandle READ = Sys.call("read", ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG);
    private static final MethodHandle WRITE = Sys.call("write", ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG);
    private static final MethodHandle SEND = Sys.call("send", ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
            ValueLayout.JAVA_INT);
    private static final int MSG_MORE = 0x8000;
    private static final MethodHandle CLOSE = Sys.call("close", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle LISTEN = Sys.call("listen", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT);
    private static final MethodHandle ACCEPT4 = Sys.call("accept4", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
            ValueLayout.ADDRESS, ValueLayout.JAVA_INT);
    private static final MethodHandle GETSOCKNAME = Sys.call("getsockname", ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
            ValueLayout.ADDRESS);

    // shared: a worker builds its sockets on one thread and runs on another
    private final Arena arena = Arena.ofShared();
    private final MemorySegment capture = Sys.captureSegment(arena);
    private final MemorySegment option = arena.allocate(8, 4);
    private final MemorySegment optionLength = arena.allocate(4, 4);
    /** Where accept4 and getsockname write an address: room for a sockaddr_in6. */
    private final MemorySegment peer = arena.allocate(SOCKADDR_IN6_BYTES, 4);
    private final MemorySegment peerLength = arena.allocate(4, 4);

    /** Opens a non-blocking TCP socket; returns its descriptor, or the negated errno (EMFILE: out of descriptors). */
    public int open(boolean ipv6) {
        try {
            int fd = (int) SOCKET.invokeExact(capture, ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
            return fd < 0 ? -Sys.errno(capture) : fd;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Starts connecting to {@code address} (from {@link #address}): 0 when connected already, else the negated errno ({@code -EINPROGRESS}: under way). */
    public int connect(int fd, MemorySegment address) {
        return withAddress(CONNECT, fd, address);
    }

    /** Binds the socket's source; 0, or the negated errno (EADDRINUSE: the tuple is taken). */
    public int bind(int fd, MemorySegment address) {
        return withAddress(BIND, fd, address);
    }

    /** connect(2) and bind(2) take the same arguments: a socket and a sockaddr with its length. */
    private int withAddress(MethodHandle call, int fd, MemorySegment address) {
        try {
            int r = (int) call.invokeExact(capture, fd, address, (int) address.byteSize());
            return r < 0 ? -Sys.errno(capture) : 0;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Starts listening on {@code address} (from {@link #address}) with SO_REUSEADDR and, with
     * {@code reusePort}, SO_REUSEPORT (listeners of several threads on one port, the kernel
     * spreading connections over them); the socket is non-blocking. Options set on it before
     * {@link #listen} ({@link #setNoDelay}, {@link #setLingerZero}, {@link #setTrafficClass}) are
     * inherited by the sockets it accepts, so {@code listenerFd} may be one from {@link #open}.
     * Returns 0, or the negated errno (EADDRINUSE: the port is taken).
     */
    public int listen(int listenerFd, MemorySegment address, int backlog, boolean reusePort) {
        int r = setReuseAddress(listenerFd);
        if (r == 0 && reusePort) r = setInt(listenerFd, SOL_SOCKET, SO_REUSEPORT, 1);
        if (r == 0) r = bind(listenerFd, address);
        if (r != 0) return r;
        try {
            r = (int) LISTEN.invokeExact(capture, listenerFd, backlog);
            return r < 0 ? -Sys.errno(capture) : 0;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Accepts one connection from a listening socket as a non-blocking descriptor (accept4 with
     * SOCK_NONBLOCK, so no fcntl follows); with {@code wantPeer} its address is kept for
     * {@link #acceptedPeer}. Returns the descriptor, or the negated errno (EAGAIN: none waiting;
     * EMFILE: out of descriptors).
     */
    public int accept(int listenerFd, boolean wantPeer) {
        try {
            int fd;
            if (wantPeer) {
                peerLength.set(ValueLayout.JAVA_INT, 0, (int) SOCKADDR_IN6_BYTES);
                fd = (int) ACCEPT4.invokeExact(capture, listenerFd, peer, peerLength, SOCK_NONBLOCK | SOCK_CLOEXEC);
            } else {
                fd = (int) ACCEPT4.invokeExact(capture, listenerFd, MemorySegment.NULL, MemorySegment.NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
            }
            return fd < 0 ? -Sys.errno(capture) : fd;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** The peer address of the last {@link #accept} that asked for it. */
    public InetAddress acceptedPeer() {
        return decodeAddress(peer);
    }

    /** The local port a socket is bound to (the kernel's choice after binding port 0), or the negated errno. */
    public int localPort(int fd) {
        peerLength.set(ValueLayout.JAVA_INT, 0, (int) SOCKADDR_IN6_BYTES);
        try {
            int r = (int) GETSOCKNAME.invokeExact(capture, fd, peer, peerLength);
            if (r < 0) return -Sys.errno(capture);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        // the port sits at offset 2 in network order, for both families
        return (Byte.toUnsignedInt(peer.get(ValueLayout.JAVA_BYTE, 2)) << 8) | Byte.toUnsignedInt(peer.get(ValueLayout.JAVA_BYTE, 3));
    }

    /** The address in a sockaddr_in or sockaddr_in6 (by its family field). */
    private static InetAddress decodeAddress(MemorySegment s) {
        boolean v4 = s.get(ValueLayout.JAVA_SHORT, 0) == AF_INET;
        byte[] ip = new byte[v4 ? 4 : 16];
        MemorySegment.copy(s, ValueLayout.JAVA_BYTE, v4 ? 4 : 8, ip, 0, ip.length);
        try {
            return InetAddress.getByAddress(ip);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // cannot happen: the length is right
        }
    }

    /** Reads up to {@code length} bytes into native memory at {@code address}: the count, 0 at the end of the stream, or the negated errno. */
    public long read(int fd, long address, long length) {
        return transfer(READ, fd, address, length);
    }

    /** Writes up to {@code length} bytes from native memory at {@code address}: the count written, or the negated errno. */
    public long write(int fd, long address, long length) {
        return transfer(WRITE, fd, address, length);
    }

    /**
     * Writes like {@link #write}, with MSG_MORE: the kernel holds back a last segment shorter than the
     * MSS for what comes next. When what comes next is {@link #close} (without a zero linger, which
     * would discard it), the FIN rides in that segment: a response and its connection's end in one
     * packet, one ACK from the peer for both. The count written, or the negated errno.
     */
    public long writeBeforeClose(int fd, long address, long length) {
        try {
            long n = (long) SEND.invokeExact(capture, fd, address, length, MSG_MORE);
            return n < 0 ? -Sys.errno(capture) : n;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** read(2) and write(2) take the same arguments: a socket, a buffer's address and a length. */
    private long transfer(MethodHandle call, int fd, long address, long length) {
        try {
            long n = (long) call.invokeExact(capture, fd, address, length);
            return n < 0 ? -Sys.errno(capture) : n;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Closes the socket (which also takes it out of any epoll set). */
    public void close(int fd) {
        try {
            int ignored = (int) CLOSE.invokeExact(capture, fd);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The socket's pending error (SO_ERROR, which reading clears): why a connect failed
     * (ECONNREFUSED, ETIMEDOUT, EHOSTUNREACH, ...), 0 when none, or the negated errno of getsockopt.
     */
    public int pendingError(int fd) {
        option.set(ValueLayout.JAVA_INT, 0, 0);
        optionLength.set(ValueLayout.JAVA_INT, 0, 4);
        try {
            int r = (int) GETSOCKOPT.invokeExact(capture, fd, SOL_SOCKET, SO_ERROR, option, optionLength);
            return r < 0 ? -Sys.errno(capture) : option.get(ValueLayout.JAVA_INT, 0);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Disables Nagle's algorithm. */
    public int setNoDelay(int fd) {
        return setInt(fd, IPPROTO_TCP, TCP_NODELAY, 1);
    }

    /**
     * TCP_DEFER_ACCEPT on a listener: the kernel completes a connection (and accept(2) returns it)
     * only once its first data has arrived, so a server of a protocol where the client speaks first
     * can read at once after accepting. A client's bare ACK ending the handshake is dropped; the
     * kernel resends its SYN-ACK instead and, once {@code seconds} of resends are over, completes the
     * connection on the next ACK even without data. Returns 0, or the negated errno.
     */
    public int setDeferAccept(int listenerFd, int seconds) {
        return setInt(listenerFd, IPPROTO_TCP, TCP_DEFER_ACCEPT, seconds);
    }

    /** Lets a source port in TIME_WAIT be bound again. */
    public int setReuseAddress(int fd) {
        return setInt(fd, SOL_SOCKET, SO_REUSEADDR, 1);
    }

    /**
     * IP_BIND_ADDRESS_NO_PORT: a bind to an address with port 0 leaves the port to connect(2), which
     * picks it by the whole 4-tuple, so a source port serves every destination, and a port whose
     * tuple is in TIME_WAIT can be taken over under {@code net.ipv4.tcp_tw_reuse} (bind(2) alone
     * reserves a port for the address, skipping every port with a TIME_WAIT socket). IPv4 and IPv6.
     */
    public int setBindAddressNoPort(int fd) {
        return setInt(fd, IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, 1);
    }

    /** The IPv4 TOS byte or the IPv6 traffic class. */
    public int setTrafficClass(int fd, int tos, boolean ipv6) {
        return ipv6 ? setInt(fd, IPPROTO_IPV6, IPV6_TCLASS, tos) : setInt(fd, IPPROTO_IP, IP_TOS, tos);
    }

    /** SO_LINGER with a zero timeout: closing sends RST instead of FIN, leaving no TIME_WAIT. */
    public int setLingerZero(int fd) {
        option.set(ValueLayout.JAVA_INT, 0, 1);
        option.set(ValueLayout.JAVA_INT, 4, 0);
        return setOption(fd, SOL_SOCKET, SO_LINGER, 8);
    }

    private int setInt(int fd, int level, int name, int value) {
        option.set(ValueLayout.JAVA_INT, 0, value);
        return setOption(fd, level, name, 4);
    }

    private int setOption(int fd, int level, int name, int length) {
        try {
            int r = (int) SETSOCKOPT.invokeExact(capture, fd, level, name, option, length);
            return r < 0 ? -Sys.errno(capture) : 0;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** A new sockaddr_in or sockaddr_in6 for {@code a}, living as long as this instance. */
    public MemorySegment address(InetSocketAddress a) {
        boolean v4 = a.getAddress() instanceof Inet4Address;
        MemorySegment s = arena.allocate(v4 ? SOCKADDR_IN_BYTES : SOCKADDR_IN6_BYTES, 4);
        encode(a, s);
        return s;
    }

    /**
     * Writes {@code a} into {@code s} (a segment from {@link #address}); the wildcard address
     * (a port alone) takes the segment's family.
     */
    public static void encode(InetSocketAddress a, MemorySegment s) {
        boolean v4 = s.byteSize() == SOCKADDR_IN_BYTES;
        if (!v4 && s.byteSize() != SOCKADDR_IN6_BYTES) throw new IllegalArgumentException("not a sockaddr: " + s.byteSize() + " bytes");
        byte[] ip = a.getAddress().isAnyLocalAddress() ? new byte[v4 ? 4 : 16] : a.getAddress().getAddress();
        if (ip.length != (v4 ? 4 : 16)) throw new IllegalArgumentException("a " + s.byteSize() + "-byte sockaddr cannot hold " + a);
        s.fill((byte) 0);
        s.set(ValueLayout.JAVA_SHORT, 0, (short) (v4 ? AF_INET : AF_INET6));
        s.set(ValueLayout.JAVA_BYTE, 2, (byte) (a.getPort() >> 8));
        s.set(ValueLayout.JAVA_BYTE, 3, (byte) a.getPort());
        // sockaddr_in: the address at 4; sockaddr_in6: flow info at 4, the address at 8, the scope id at 24
        MemorySegment.copy(ip, 0, s, ValueLayout.JAVA_BYTE, v4 ? 4 : 8, ip.length);
        if (!v4 && a.getAddress() instanceof Inet6Address v6) s.set(ValueLayout.JAVA_INT, 24, v6.getScopeId());
    }

    /** The errno's text, for messages. */
    public static String describe(int errno) {
        return Sys.describe(errno);
    }

    @Override
    public void close() {
        arena.close();
    }
}
