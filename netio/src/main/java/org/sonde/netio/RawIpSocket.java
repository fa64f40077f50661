package org.sonde.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * A raw IPv4 socket that sends whole packets, IP header included ({@code IPPROTO_RAW}): how the
 * injector puts a duplicate on the wire. The packet leaves through the routing of the namespace
 * the socket was opened in ({@link NetNamespace#call}), towards its destination address.
 */
public final class RawIpSocket implements AutoCloseable {
    private final int fd;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment buffer = arena.allocate(65_536);
    private final MemorySegment address = arena.allocate(16);
    private boolean closed;

    private RawIpSocket(int fd) {
        this.fd = fd;
    }

    /** Opens a raw IPv4 socket in the calling thread's network namespace (needs root or CAP_NET_RAW). */
    public static RawIpSocket open() {
        return new RawIpSocket(Sys.socket(Sys.AF_INET, Sys.SOCK_RAW, Sys.IPPROTO_RAW));
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
