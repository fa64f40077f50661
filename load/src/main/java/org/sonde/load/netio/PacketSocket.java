package org.sonde.load.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A Linux AF_PACKET raw socket bound to one interface: whole Ethernet frames in and out, past
 * the kernel's IP stack (the user-space TCP of the load engine lives on it). Outgoing frames are
 * not looped back to it (PACKET_IGNORE_OUTGOING), and sends skip the qdisc (PACKET_QDISC_BYPASS),
 * as a DPDK port would. Receives and sends never block; {@link #awaitReadable} waits.
 * Not thread-safe: one worker owns it.
 */
public final class PacketSocket implements AutoCloseable {
    /** Kernel socket buffers large enough for bursts of a million connections' handshakes. */
    private static final int BUFFER_BYTES = 64 << 20;

    private final int fd;
    private final String interfaceName;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment pollfd = arena.allocate(8);
    private boolean closed;

    private PacketSocket(int fd, String interfaceName) {
        this.fd = fd;
        this.interfaceName = interfaceName;
    }

    /**
     * Opens a packet socket on {@code interfaceName} in the calling thread's network namespace
     * (use {@link NetNamespace#call} to open it in another). Needs CAP_NET_RAW.
     */
    public static PacketSocket open(String interfaceName) {
        int ifIndex = Sys.ifIndex(interfaceName);
        int fd = Sys.socket(Sys.AF_PACKET, Sys.SOCK_RAW, Short.reverseBytes((short) Sys.ETH_P_ALL) & 0xffff);
        try {
            Sys.setIntOption(fd, Sys.SOL_PACKET, Sys.PACKET_IGNORE_OUTGOING, 1, "PACKET_IGNORE_OUTGOING (Linux 4.20 or later)");
            Sys.setIntOption(fd, Sys.SOL_PACKET, Sys.PACKET_QDISC_BYPASS, 1, "PACKET_QDISC_BYPASS");
            Sys.setIntOption(fd, Sys.SOL_SOCKET, Sys.SO_RCVBUFFORCE, BUFFER_BYTES, "SO_RCVBUFFORCE");
            Sys.setIntOption(fd, Sys.SOL_SOCKET, Sys.SO_SNDBUFFORCE, BUFFER_BYTES, "SO_SNDBUFFORCE");
            try (Arena a = Arena.ofConfined()) {
                // struct sockaddr_ll: family, protocol (network order), ifindex, hatype, pkttype, halen, addr[8]
                MemorySegment sll = a.allocate(20);
                sll.set(ValueLayout.JAVA_SHORT, 0, (short) Sys.AF_PACKET);
                sll.set(ValueLayout.JAVA_SHORT, 2, Short.reverseBytes((short) Sys.ETH_P_ALL));
                sll.set(ValueLayout.JAVA_INT, 4, ifIndex);
                Sys.bind(fd, sll, "bind the packet socket to " + interfaceName);
            }
        } catch (RuntimeException e) {
            Sys.close(fd);
            throw e;
        }
        return new PacketSocket(fd, interfaceName);
    }

    /** Sends the first {@code length} bytes of {@code frame}; false when the kernel's buffer is full. */
    public boolean send(MemorySegment frame, int length) {
        return Sys.send(fd, frame, length);
    }

    /** Receives one frame into {@code buffer}; its length, or 0 when none is waiting. */
    public int receive(MemorySegment buffer) {
        return Sys.recv(fd, buffer);
    }

    /** Waits until a frame is waiting or {@code timeoutMillis} passed. */
    public void awaitReadable(int timeoutMillis) {
        Sys.pollIn(fd, pollfd, timeoutMillis);
    }

    public String interfaceName() {
        return interfaceName;
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        Sys.close(fd);
        arena.close();
    }
}
