package org.sonde.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * A Linux AF_PACKET raw socket bound to one interface, with PACKET_MMAP rings (TPACKET_V2) for
 * both directions: received frames are read from a ring shared with the kernel without a system
 * call each, and sent frames are queued in the transmit ring and handed to the kernel in batches
 * by one {@code send} ({@link #flush}). Outgoing frames are not looped back to it
 * (PACKET_IGNORE_OUTGOING), and sends skip the qdisc (PACKET_QDISC_BYPASS), as a DPDK port would.
 * Nothing blocks but {@link #awaitReadable}. Not thread-safe: one worker owns it.
 */
public final class PacketSocket implements AutoCloseable {
    /** tpacket2_hdr: status, len, snaplen, mac, net, ... (32 bytes, aligned to 16). */
    private static final long STATUS = 0;
    private static final long LEN = 4;
    private static final long SNAPLEN = 8;
    private static final long MAC = 12;
    /** Where a transmit frame's data starts: TPACKET2_HDRLEN less sizeof(struct sockaddr_ll). */
    private static final long TX_DATA = 32;
    private static final int TP_STATUS_KERNEL = 0;
    private static final int TP_STATUS_USER = 1;
    private static final int TP_STATUS_SEND_REQUEST = 1;
    private static final int TP_STATUS_AVAILABLE = 0;
    private static final int TP_STATUS_WRONG_FORMAT = 4;

    private static final int FRAME_BYTES = 2048;
    private static final int BLOCK_BYTES = 1 << 20;
    private static final int FRAMES_PER_BLOCK = BLOCK_BYTES / FRAME_BYTES;
    /**
     * 16384 receive frames: a burst of that many waits in the ring while the worker is off the CPU
     * (about 0.1 s at 150 k frames/s); beyond, the kernel drops them ({@link #takeDrops}).
     */
    private static final int RX_BLOCKS = 32;
    private static final int TX_BLOCKS = 4;
    /**
     * Frames queued before a flush: a veth peer takes a burst into its 1000-packet backlog
     * (net.core.netdev_max_backlog), so batches stay well below that.
     */
    private static final int FLUSH_EVERY = 128;

    private static final VarHandle STATUS_HANDLE = ValueLayout.JAVA_INT.varHandle();

    private final int fd;
    private final String interfaceName;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment pollfd = arena.allocate(8);
    private final MemorySegment packetStats = arena.allocate(8);
    private final MemorySegment optionLength = arena.allocate(4);
    private final MemorySegment rings;
    private final int rxFrames = RX_BLOCKS * FRAMES_PER_BLOCK;
    private final int txFrames = TX_BLOCKS * FRAMES_PER_BLOCK;
    private final long txBase = (long) RX_BLOCKS * BLOCK_BYTES;
    private int rxNext;
    private int txNext;
    private int pending;
    private long malformed;
    private boolean closed;

    private PacketSocket(int fd, String interfaceName, MemorySegment rings) {
        this.fd = fd;
        this.interfaceName = interfaceName;
        this.rings = rings;
    }

    /**
     * Opens a packet socket on {@code interfaceName} in the calling thread's network namespace
     * (use {@link NetNamespace#call} to open it in another). Needs CAP_NET_RAW.
     */
    public static PacketSocket open(String interfaceName) {
        int ifIndex = Sys.ifIndex(interfaceName);
        int fd = Sys.socket(Sys.AF_PACKET, Sys.SOCK_RAW, Short.reverseBytes((short) Sys.ETH_P_ALL) & 0xffff);
        try (Arena a = Arena.ofConfined()) {
            Sys.setIntOption(fd, Sys.SOL_PACKET, Sys.PACKET_IGNORE_OUTGOING, 1, "PACKET_IGNORE_OUTGOING (Linux 4.20 or later)");
            Sys.setIntOption(fd, Sys.SOL_PACKET, Sys.PACKET_QDISC_BYPASS, 1, "PACKET_QDISC_BYPASS");
            Sys.setIntOption(fd, Sys.SOL_PACKET, Sys.PACKET_VERSION, Sys.TPACKET_V2, "PACKET_VERSION TPACKET_V2");
            MemorySegment req = a.allocate(16);
            ring(req, RX_BLOCKS);
            Sys.setStructOption(fd, Sys.SOL_PACKET, Sys.PACKET_RX_RING, req, "PACKET_RX_RING");
            ring(req, TX_BLOCKS);
            Sys.setStructOption(fd, Sys.SOL_PACKET, Sys.PACKET_TX_RING, req, "PACKET_TX_RING");
            MemorySegment rings = Sys.mmap(fd, (long) (RX_BLOCKS + TX_BLOCKS) * BLOCK_BYTES, "mmap the packet rings");
            // struct sockaddr_ll: family, protocol (network order), ifindex, hatype, pkttype, halen, addr[8]
            MemorySegment sll = a.allocate(20);
            sll.set(ValueLayout.JAVA_SHORT, 0, (short) Sys.AF_PACKET);
            sll.set(ValueLayout.JAVA_SHORT, 2, Short.reverseBytes((short) Sys.ETH_P_ALL));
            sll.set(ValueLayout.JAVA_INT, 4, ifIndex);
            try {
                Sys.bind(fd, sll, "bind the packet socket to " + interfaceName);
            } catch (RuntimeException e) {
                Sys.munmap(rings);
                throw e;
            }
            return new PacketSocket(fd, interfaceName, rings);
        } catch (RuntimeException e) {
            Sys.close(fd);
            throw e;
        }
    }

    /**
     * Opens {@code members} packet sockets on {@code interfaceName} in the calling thread's network
     * namespace, joined in order to a new fanout group (an id the kernel picks, unique in the
     * namespace): every frame the interface receives goes to exactly one of them, element i of the
     * list being the member a {@link Fanout.Program}'s result modulo {@code members} equal to i
     * chooses. Each socket has its own rings and is owned by one worker, as a NIC queue is.
     * There is no rollover: a member whose ring is full drops (its {@link #takeDrops}) rather than
     * pass its frames to another.
     */
    public static List<PacketSocket> openGroup(String interfaceName, int members, Fanout fanout) {
        if (members < 1 || members > 256) throw new IllegalArgumentException("a fanout group has 1-256 members, got " + members);
        int type = fanout instanceof Fanout.Program ? Sys.PACKET_FANOUT_CBPF : Sys.PACKET_FANOUT_HASH;
        List<PacketSocket> group = new ArrayList<>();
        try (Arena a = Arena.ofConfined()) {
            PacketSocket first = open(interfaceName);
            group.add(first);
            Sys.setIntOption(first.fd, Sys.SOL_PACKET, Sys.PACKET_FANOUT, (type | Sys.PACKET_FANOUT_FLAG_UNIQUEID) << 16, "PACKET_FANOUT (a new group)");
            MemorySegment value = a.allocate(4);
            Sys.getOption(first.fd, Sys.SOL_PACKET, Sys.PACKET_FANOUT, value, a.allocate(4), "PACKET_FANOUT (the group's id)");
            int id = value.get(ValueLayout.JAVA_INT, 0) & 0xffff;
            if (fanout instanceof Fanout.Program(ClassicBpf program)) {
                // set on one member, it is the group's (Linux 4.3 or later)
                Sys.setStructOption(first.fd, Sys.SOL_PACKET, Sys.PACKET_FANOUT_DATA, program.fprog(a), "PACKET_FANOUT_DATA (the fanout's BPF program)");
            }
            for (int i = 1; i < members; i++) {
                PacketSocket s = open(interfaceName);
                group.add(s);
                Sys.setIntOption(s.fd, Sys.SOL_PACKET, Sys.PACKET_FANOUT, id | type << 16, "PACKET_FANOUT (join group " + id + ")");
            }
            return List.copyOf(group);
        } catch (RuntimeException e) {
            group.forEach(PacketSocket::close);
            throw e;
        }
    }

    private static void ring(MemorySegment req, int blocks) {
        req.set(ValueLayout.JAVA_INT, 0, BLOCK_BYTES);
        req.set(ValueLayout.JAVA_INT, 4, blocks);
        req.set(ValueLayout.JAVA_INT, 8, FRAME_BYTES);
        req.set(ValueLayout.JAVA_INT, 12, blocks * FRAMES_PER_BLOCK);
    }

    private static long frameOffset(int index) {
        return (long) (index / FRAMES_PER_BLOCK) * BLOCK_BYTES + (long) (index % FRAMES_PER_BLOCK) * FRAME_BYTES;
    }

    /**
     * Queues the first {@code length} bytes of {@code frame} in the transmit ring (sent at the
     * next {@link #flush}, or at once when a batch is full); false when the ring is full.
     */
    public boolean send(MemorySegment frame, int length) {
        if (length > FRAME_BYTES - TX_DATA) throw new IllegalArgumentException("a " + length + "-byte frame is larger than the ring's frames");
        long at = txBase + frameOffset(txNext);
        int status = (int) STATUS_HANDLE.getAcquire(rings, at + STATUS);
        if (status != TP_STATUS_AVAILABLE && status != TP_STATUS_WRONG_FORMAT) {
            flush();
            status = (int) STATUS_HANDLE.getAcquire(rings, at + STATUS);
            if (status != TP_STATUS_AVAILABLE && status != TP_STATUS_WRONG_FORMAT) return false; // the kernel still sends the ring's frames
        }
        if (status == TP_STATUS_WRONG_FORMAT) malformed++;
        MemorySegment.copy(frame, 0, rings, at + TX_DATA, length);
        rings.set(ValueLayout.JAVA_INT, at + LEN, length);
        STATUS_HANDLE.setRelease(rings, at + STATUS, TP_STATUS_SEND_REQUEST);
        txNext = txNext + 1 == txFrames ? 0 : txNext + 1;
        if (++pending >= FLUSH_EVERY) flush();
        return true;
    }

    /** Hands the queued frames to the kernel (one system call for the batch). */
    public void flush() {
        if (pending == 0) return;
        pending = 0;
        Sys.send(fd, MemorySegment.NULL, 0);
    }

    /** Copies the next received frame into {@code buffer}; its length, or 0 when none is waiting. */
    public int receive(MemorySegment buffer) {
        long at = frameOffset(rxNext);
        int status = (int) STATUS_HANDLE.getAcquire(rings, at + STATUS);
        if ((status & TP_STATUS_USER) == 0) return 0;
        int length = Math.min(rings.get(ValueLayout.JAVA_INT, at + SNAPLEN), (int) buffer.byteSize());
        int mac = rings.get(ValueLayout.JAVA_SHORT, at + MAC) & 0xffff;
        MemorySegment.copy(rings, at + mac, buffer, 0, length);
        STATUS_HANDLE.setRelease(rings, at + STATUS, TP_STATUS_KERNEL);
        rxNext = rxNext + 1 == rxFrames ? 0 : rxNext + 1;
        return length;
    }

    /** Waits until a frame is waiting or {@code timeoutMillis} passed (queued frames are flushed first). */
    public void awaitReadable(int timeoutMillis) {
        flush();
        long at = frameOffset(rxNext);
        if (((int) STATUS_HANDLE.getAcquire(rings, at + STATUS) & TP_STATUS_USER) != 0) return;
        Sys.pollIn(fd, pollfd, timeoutMillis);
    }

    /**
     * Frames the kernel dropped since the last call because the receive ring was full (its
     * PACKET_STATISTICS, which reading resets): dperf's imissed.
     */
    public long takeDrops() {
        Sys.getOption(fd, Sys.SOL_PACKET, Sys.PACKET_STATISTICS, packetStats, optionLength, "PACKET_STATISTICS");
        return packetStats.get(ValueLayout.JAVA_INT, 4) & 0xffffffffL; // struct tpacket_stats { tp_packets; tp_drops; }
    }

    /**
     * Frames the kernel refused to send as malformed (TP_STATUS_WRONG_FORMAT) since the last
     * call, seen when their ring slot comes round again.
     */
    public long takeMalformed() {
        long n = malformed;
        malformed = 0;
        return n;
    }

    public String interfaceName() {
        return interfaceName;
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        Sys.munmap(rings);
        Sys.close(fd);
        arena.close();
    }
}
