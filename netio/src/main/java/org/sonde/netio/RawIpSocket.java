package org.sonde.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * A raw IPv4 socket that sends whole packets, IP header included ({@code IPPROTO_RAW}): how the
 * injector puts a duplicate on the wire and the probe agents send TTL-limited SYNs. The packet
 * leaves through the routing of the namespace the socket was opened in ({@link NetNamespace#call}),
 * towards its destination address. {@link #receiving} opens one that receives instead: a copy of
 * every IPv4 packet of one protocol that arrives for this host (TCP answers, ICMP errors).
 */
public final class RawIpSocket implements AutoCloseable {
    private final int fd;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment buffer = arena.allocate(65_536);
    private final MemorySegment address = arena.allocate(16);
    private final MemorySegment inbound = arena.allocate(65_536);
    private final MemorySegment pollfd = arena.allocate(8);
    private volatile boolean closed;

    private RawIpSocket(int fd) {
        this.fd = fd;
    }

    /** Opens a raw IPv4 socket in the calling thread's network namespace (needs root or CAP_NET_RAW). */
    public static RawIpSocket open() {
        return new RawIpSocket(Sys.socket(Sys.AF_INET, Sys.SOCK_RAW, Sys.IPPROTO_RAW));
    }

    /**
     * Opens a raw IPv4 socket of {@code protocol} (6 TCP, 1 ICMP) in the calling thread's network
     * namespace, to {@link #receive} the packets of that protocol the host receives, IP header first.
     */
    public static RawIpSocket receiving(int protocol) {
        if (protocol < 1 || protocol > 254) throw new IllegalArgumentException("IP protocol " + protocol + " is not 1..254");
        int fd = Sys.socket(Sys.AF_INET, Sys.SOCK_RAW, protocol);
        try {
            // answers come in bursts while the receiving thread may be descheduled: room for thousands
            Sys.setIntOption(fd, Sys.SOL_SOCKET, Sys.SO_RCVBUFFORCE, 16 << 20, "set the raw socket's receive buffer");
        } catch (RuntimeException e) {
            Sys.closeQuietly(fd);
            throw e;
        }
        return new RawIpSocket(fd);
    }

    /**
     * Waits up to {@code timeoutMillis} for a packet and copies it, IP header first, into
     * {@code into}; returns its length, or 0 when none came. One thread receives (it owns the
     * receive buffer), while another may send.
     */
    public int receive(byte[] into, int timeoutMillis) {
        if (closed) throw new IllegalStateException("the raw socket is closed");
        int n = Sys.recv(fd, inbound);
        if (n == 0) {
            Sys.pollIn(fd, pollfd, timeoutMillis);
            n = Sys.recv(fd, inbound);
        }
        n = Math.min(n, into.length);
        MemorySegment.copy(inbound, ValueLayout.JAVA_BYTE, 0, into, 0, n);
        return n;
    }

    /** Sends the IPv4 packet {@code ip[0..length)} as it is, to the destination in its header. */
    public synchronized void send(byte[] ip, int length) {
        if (length < 20 || length > buffer.byteSize()) throw new IllegalArgumentException("an IPv4 packet of " + length + " bytes");
        MemorySegment.copy(ip, 0, buffer, ValueLayout.JAVA_BYTE, 0, length);
        address.fill((byte) 0);
        address.set(ValueLayout.JAVA_SHORT, 0, (short) Sys.AF_INET); // sin_family, host order
        address.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), 4,
                (ip[16] & 0xff) << 24 | (ip[17] & 0xff) << 16 | (ip[18] & 0xff) << 8 | ip[19] & 0xff);
        Sys.sendTo(fd, buffer, length, address, "send a raw IPv4 packet");
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        Sys.close(fd);
        arena.close();
    }
}
