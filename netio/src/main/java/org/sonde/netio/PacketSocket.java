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
 * Every transmit slot starts with a virtio_net_hdr (PACKET_VNET_HDR) whose hdr_len is the whole frame: the
 * kernel then copies the frame into the skb's head rather than pointing page fragments at the ring, which a
 * veth would copy again into a newly allocated page per frame (skb_copy_ubufs) and the receiver's IP layer pull
 * back into the head. Received frames carry such a header too, before {@code tp_mac}, which is not read.
 * Nothing blocks but {@link #awaitReadable}. Not thread-safe: one worker owns it.
 */
public final class PacketSocket implements AutoCloseable {
    /** tpacket2_hdr: status, len, snaplen, mac, net, ... (32 bytes, aligned to 16). */
    private static final long STATUS = 0;
    private static final long LEN = 4;
    private static final long SNAPLEN = 8;
    private static final long MAC = 12;
    /** tp_sec and tp_nsec: when the kernel handed the frame to the socket (CLOCK_REALTIME). */
    private static final long SEC = 16;
    private static final long NSEC = 20;
    /** Where a transmit slot's data starts: TPACKET2_HDRLEN less sizeof(struct sockaddr_ll). */
    private static final long TX_DATA = 32;
    /** struct virtio_net_hdr: flags, gso_type, hdr_len, gso_size, csum_start, csum_offset; the frame follows it. */
    private static final int VNET_HDR = 10;
    private static final long VNET_HDR_LEN = 2;
    private static final int TP_STATUS_KERNEL = 0;
    private static final int TP_STATUS_USER = 1;
    private static final int TP_STATUS_SEND_REQUEST = 1;
    private static final int TP_STATUS_AVAILABLE = 0;
    private static final int TP_STATUS_WRONG_FORMAT = 4;
    /** The frame had an 802.1Q tag, which the kernel took off into tp_vlan_tci (and tp_vlan_tpid, when its own bit is set). */
    private static final int TP_STATUS_VLAN_VALID = 1 << 4;
    private static final int TP_STATUS_VLAN_TPID_VALID = 1 << 6;
    private static final long VLAN_TCI = 24;
    private static final long VLAN_TPID = 26;
    private static final int ETH_P_8021Q = 0x8100;
    private static final ValueLayout.OfShort BE_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(java.nio.ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfShort LE_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    /** A ring slot: its header and a frame of a 1500-byte MTU with room to spare. */
    static final int FRAME_BYTES = 2048;
    /** TPACKET_ALIGNMENT: slots are multiples of it. */
    private static final int ALIGNMENT = 16;
    /** What a slot holds besides the frame: the tpacket2 header, the sockaddr_ll, the virtio_net_hdr and the alignment before the frame. */
    private static final int SLOT_OVERHEAD = 128;
    private static final int BLOCK_BYTES = 1 << 20;
    /**
     * 16384 receive frames of {@link #FRAME_BYTES} (fewer of larger slots, in the same memory): a burst of that many
     * waits in the ring while the worker is off the CPU (about 0.1 s at 150 k frames/s); beyond, the kernel drops
     * them ({@link #takeDrops}).
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
    /** The ring slots' size, and how many fit in a block (a slot never spans two). */
    private final int frameBytes;
    private final int framesPerBlock;
    private final int rxFrames;
    private final int txFrames;
    private final long txBase;
    private int rxNext;
    /** The kernel's receive time of the frame {@link #receive} copied last, in ns since the epoch. */
    private long receivedAt;
    private int txNext;
    private int pending;
    private long malformed;
    private boolean closed;

    private PacketSocket(int fd, String interfaceName, MemorySegment rings, int frameBytes, int rxBlocks) {
        this.fd = fd;
        this.interfaceName = interfaceName;
        this.rings = rings;
        this.frameBytes = frameBytes;
        this.framesPerBlock = BLOCK_BYTES / frameBytes;
        this.rxFrames = rxBlocks * framesPerBlock;
        this.txBase = (long) rxBlocks * BLOCK_BYTES;
        this.txFrames = TX_BLOCKS * framesPerBlock;
    }

    /** The ring slot size for frames of an {@code mtu}-byte MTU: {@link #FRAME_BYTES} up to 1500, larger for jumbo frames. */
    public static int slotBytes(int mtu) {
        if (mtu < 68 || mtu > 65_535) throw new IllegalArgumentException("an MTU of " + mtu + " bytes");
        // Ethernet's header and two VLAN tags on top of the MTU
        int need = mtu + 14 + 8 + SLOT_OVERHEAD;
        return Math.max(FRAME_BYTES, (need + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT);
    }

    /**
     * Opens a packet socket on {@code interfaceName} in the calling thread's network namespace
     * (use {@link NetNamespace#call} to open it in another). Needs CAP_NET_RAW.
     */
    public static PacketSocket open(String interfaceName) {
        return open(interfaceName, FRAME_BYTES);
    }

    /**
     * The same with a receive ring of {@code receiveFrames} frames (whole blocks of 512, at least one) rather
     * than 16384: for a process that keeps hundreds of sockets, each receiving a few frames at a time (an agent
     * per terminal of a large network). The rings are kernel memory, 36 MiB a socket at the default.
     */
    public static PacketSocket openSmall(String interfaceName, int receiveFrames) {
        int perBlock = BLOCK_BYTES / FRAME_BYTES;
        return open(interfaceName, FRAME_BYTES, Math.clamp((receiveFrames + perBlock - 1) / perBlock, 1, RX_BLOCKS));
    }

    /** The same with ring slots of {@code frameBytes} ({@link #slotBytes} of the link's MTU), for jumbo frames. */
    static PacketSocket open(String interfaceName, int frameBytes) {
        return open(interfaceName, frameBytes, RX_BLOCKS);
    }

    private static PacketSocket open(String interfaceName, int frameBytes, int rxBlocks) {
        if (frameBytes < FRAME_BYTES || frameBytes % ALIGNMENT != 0 || frameBytes > BLOCK_BYTES) {
            throw new IllegalArgumentException("ring slots of " + frameBytes + " bytes (a multiple of 16 from " + FRAME_BYTES + " to " + BLOCK_BYTES + ")");
        }
        int ifIndex = Sys.ifIndex(interfaceName);
        int fd = Sys.socket(Sys.AF_PACKET, Sys.SOCK_RAW, Short.reverseBytes((short) Sys.ETH_P_ALL) & 0xffff);
        try (Arena a = Arena.ofConfined()) {
            Sys.setIntOption(fd, Sys.SOL_PACKET, Sys.PACKET_IGNORE_OUTGOING, 1, "PACKET_IGNORE_OUTGOING (Linux 4.20 or later)");
            Sys.setIntOption(fd, Sys.SOL_PACKET, Sys.PACKET_QDISC_BYPASS, 1, "PACKET_QDISC_BYPASS");
            Sys.setIntOption(fd, Sys.SOL_PACKET, Sys.PACKET_VERSION, Sys.TPACKET_V2, "PACKET_VERSION TPACKET_V2");
            Sys.setIntOption(fd, Sys.SOL_PACKET, Sys.PACKET_VNET_HDR, 1, "PACKET_VNET_HDR");
            MemorySegment req = a.allocate(16);
            ring(req, rxBlocks, frameBytes);
            Sys.setStructOption(fd, Sys.SOL_PACKET, Sys.PACKET_RX_RING, req, "PACKET_RX_RING");
            ring(req, TX_BLOCKS, frameBytes);
            Sys.setStructOption(fd, Sys.SOL_PACKET, Sys.PACKET_TX_RING, req, "PACKET_TX_RING");
            MemorySegment rings = Sys.mmap(fd, (long) (rxBlocks + TX_BLOCKS) * BLOCK_BYTES, "mmap the packet rings");
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
            return new PacketSocket(fd, interfaceName, rings, frameBytes, rxBlocks);
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
     * pass its frames to another. A group of one is the socket alone: it gets every frame either way,
     * and the kernel then runs no fanout program per frame.
     */
    public static List<PacketSocket> openGroup(String interfaceName, int members, Fanout fanout) {
        return openGroup(interfaceName, members, fanout, FRAME_BYTES);
    }

    /** The same with ring slots of {@code frameBytes} ({@link #slotBytes} of the link's MTU), for jumbo frames. */
    public static List<PacketSocket> openGroup(String interfaceName, int members, Fanout fanout, int frameBytes) {
        if (members < 1 || members > 256) throw new IllegalArgumentException("a fanout group has 1-256 members, got " + members);
        // the fanout's demultiplexing and program were a quarter of the receive path in the load engine's profile
        if (members == 1) return List.of(open(interfaceName, frameBytes));
        int type = fanout instanceof Fanout.Program ? Sys.PACKET_FANOUT_CBPF : Sys.PACKET_FANOUT_HASH;
        List<PacketSocket> group = new ArrayList<>();
        try (Arena a = Arena.ofConfined()) {
            PacketSocket first = open(interfaceName, frameBytes);
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
                PacketSocket s = open(interfaceName, frameBytes);
                group.add(s);
                Sys.setIntOption(s.fd, Sys.SOL_PACKET, Sys.PACKET_FANOUT, id | type << 16, "PACKET_FANOUT (join group " + id + ")");
            }
            return List.copyOf(group);
        } catch (RuntimeException e) {
            group.forEach(PacketSocket::close);
            throw e;
        }
    }

    private static void ring(MemorySegment req, int blocks, int frameBytes) {
        req.set(ValueLayout.JAVA_INT, 0, BLOCK_BYTES);
        req.set(ValueLayout.JAVA_INT, 4, blocks);
        req.set(ValueLayout.JAVA_INT, 8, frameBytes);
        req.set(ValueLayout.JAVA_INT, 12, blocks * (BLOCK_BYTES / frameBytes));
    }

    private long frameOffset(int index) {
        return (long) (index / framesPerBlock) * BLOCK_BYTES + (long) (index % framesPerBlock) * frameBytes;
    }

    /**
     * Queues the first {@code length} bytes of {@code frame} in the transmit ring (sent at the
     * next {@link #flush}, or at once when a batch is full); false when the ring is full.
     */
    public boolean send(MemorySegment frame, int length) {
        if (length > frameBytes - TX_DATA - VNET_HDR) throw new IllegalArgumentException("a " + length + "-byte frame is larger than the ring's frames");
        long at = txBase + frameOffset(txNext);
        int status = (int) STATUS_HANDLE.getAcquire(rings, at + STATUS);
        if (status != TP_STATUS_AVAILABLE && status != TP_STATUS_WRONG_FORMAT) {
            flush();
            status = (int) STATUS_HANDLE.getAcquire(rings, at + STATUS);
            if (status != TP_STATUS_AVAILABLE && status != TP_STATUS_WRONG_FORMAT) return false; // the kernel still sends the ring's frames
        }
        if (status == TP_STATUS_WRONG_FORMAT) malformed++;
        // no offload asked (flags, gso_type and the rest 0); the whole frame into the skb's head (little-endian hdr_len)
        rings.set(ValueLayout.JAVA_LONG_UNALIGNED, at + TX_DATA, 0L);
        rings.set(ValueLayout.JAVA_SHORT_UNALIGNED, at + TX_DATA + 8, (short) 0);
        rings.set(LE_SHORT, at + TX_DATA + VNET_HDR_LEN, (short) length);
        MemorySegment.copy(frame, 0, rings, at + TX_DATA + VNET_HDR, length);
        rings.set(ValueLayout.JAVA_INT, at + LEN, length + VNET_HDR);
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

    /**
     * Copies the next received frame into {@code buffer} as it was on the wire; its length, or 0 when none
     * is waiting. The kernel takes a VLAN tag off a frame before packet sockets see it (into the ring's
     * header); it is put back after the MAC addresses, so a tagged frame reads as sent.
     */
    public int receive(MemorySegment buffer) {
        long at = frameOffset(rxNext);
        int status = (int) STATUS_HANDLE.getAcquire(rings, at + STATUS);
        if ((status & TP_STATUS_USER) == 0) return 0;
        int snap = rings.get(ValueLayout.JAVA_INT, at + SNAPLEN);
        int mac = rings.get(ValueLayout.JAVA_SHORT, at + MAC) & 0xffff;
        int length;
        if ((status & TP_STATUS_VLAN_VALID) != 0 && snap >= 12) {
            length = Math.min(snap + 4, (int) buffer.byteSize());
            int tpid = (status & TP_STATUS_VLAN_TPID_VALID) != 0 ? rings.get(ValueLayout.JAVA_SHORT, at + VLAN_TPID) & 0xffff : ETH_P_8021Q;
            MemorySegment.copy(rings, at + mac, buffer, 0, 12);
            buffer.set(BE_SHORT, 12, (short) tpid);
            buffer.set(BE_SHORT, 14, rings.get(ValueLayout.JAVA_SHORT, at + VLAN_TCI));
            MemorySegment.copy(rings, at + mac + 12, buffer, 16, length - 16);
        } else {
            length = Math.min(snap, (int) buffer.byteSize());
            MemorySegment.copy(rings, at + mac, buffer, 0, length);
        }
        receivedAt = (rings.get(ValueLayout.JAVA_INT, at + SEC) & 0xFFFF_FFFFL) * 1_000_000_000L + (rings.get(ValueLayout.JAVA_INT, at + NSEC) & 0xFFFF_FFFFL);
        STATUS_HANDLE.setRelease(rings, at + STATUS, TP_STATUS_KERNEL);
        rxNext = rxNext + 1 == rxFrames ? 0 : rxNext + 1;
        return length;
    }

    /**
     * When the kernel handed the frame {@link #receive} returned last to this socket, in ns since
     * the epoch (CLOCK_REALTIME, microsecond or better): unlike the time the worker read it, it does
     * not wait for the worker to be scheduled, so the spacing of frames that arrive in a burst shows.
     */
    public long receivedAtEpochNanos() {
        return receivedAt;
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
