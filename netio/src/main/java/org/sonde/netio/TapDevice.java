package org.sonde.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A TAP device: an Ethernet interface of the kernel whose other end is this descriptor. Frames
 * written here arrive at the kernel as if received on the interface; frames the kernel sends out
 * of it (ARP, ICMP replies, resets) are read here. Opened without the packet-information header
 * (IFF_NO_PI) and non-blocking; the interface exists while the descriptor is open. Not
 * thread-safe: one worker owns it.
 */
public final class TapDevice implements AutoCloseable {
    /** _IOW('T', 202, int). */
    private static final long TUNSETIFF = 0x400454caL;
    private static final short IFF_TAP = 0x0002;
    private static final short IFF_NO_PI = 0x1000;
    private static final int IFREQ_BYTES = 40;
    private static final int IFNAMSIZ = 16;

    private final int fd;
    private final String name;
    private boolean closed;

    private TapDevice(int fd, String name) {
        this.fd = fd;
        this.name = name;
    }

    /**
     * Creates the TAP interface {@code name} (down, no address) in the calling thread's network
     * namespace (use {@link NetNamespace#call} for another). Needs CAP_NET_ADMIN and /dev/net/tun.
     */
    public static TapDevice open(String name) {
        if (name.isEmpty() || name.length() >= IFNAMSIZ) throw new IllegalArgumentException("an interface name has 1-15 characters: '" + name + "'");
        int fd = Sys.open("/dev/net/tun", Sys.O_RDWR | Sys.O_NONBLOCK | Sys.O_CLOEXEC);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment ifr = a.allocate(IFREQ_BYTES);
            ifr.setString(0, name);
            ifr.set(ValueLayout.JAVA_SHORT, IFNAMSIZ, (short) (IFF_TAP | IFF_NO_PI));
            Sys.ioctl(fd, TUNSETIFF, ifr, "TUNSETIFF " + name);
            return new TapDevice(fd, ifr.getString(0));
        } catch (RuntimeException e) {
            Sys.closeQuietly(fd);
            throw e;
        }
    }

    public String name() {
        return name;
    }

    /** Copies the next frame the kernel sent out of the interface into {@code buffer}; its length, or 0 when none is waiting. */
    public int receive(MemorySegment buffer) {
        return Sys.read(fd, buffer, "read from TAP " + name);
    }

    /** Hands the first {@code length} bytes of {@code frame} to the kernel as received on the interface; false when its queue is full or it is down. */
    public boolean send(MemorySegment frame, int length) {
        return Sys.write(fd, frame, length, "write to TAP " + name);
    }

    /** Closes the descriptor, which deletes the interface. */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        Sys.close(fd);
    }
}
