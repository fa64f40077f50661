package org.sonde.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteOrder;
import org.sonde.core.EnvironmentException;

/**
 * A netfilter queue: packets an iptables {@code NFQUEUE} rule hands to user space, each held in
 * the kernel until its verdict (accept, possibly rewritten, or drop). Set up, and given its
 * verdicts, through FFM by Debian's {@code libnetfilter_queue.so.1}, the library made for the
 * protocol; the queued packets are read here, up to 32 per system call ({@code recvmmsg}), and
 * their netlink attributes parsed in place (the library's {@code nfq_handle_packet} would take one
 * call and one upcall per packet).
 *
 * <p>One thread owns a queue: it calls {@link #poll}, which hands every waiting packet to the
 * handler, and gives the verdicts, at once or later (a held packet is how delay and reordering
 * work); verdicts may come in any order. The netlink socket belongs to the network namespace of
 * the thread that opened the queue ({@link NetNamespace#call}).
 *
 * <pre>{@code
 * try (NfQueue q = NetNamespace.call("middle", () -> NfQueue.open(0, 4096))) {
 *     while (running) q.poll(100, p -> q.accept(p.id()));
 * }
 * }</pre>
 */
public final class NfQueue implements AutoCloseable {
    /** The verdicts of {@code <linux/netfilter.h>}. */
    private static final int NF_DROP = 0, NF_ACCEPT = 1;
    private static final int NFQNL_COPY_PACKET = 2;
    private static final short AF_INET = 2;
    /** Datagrams taken per system call, and room for each: a whole IPv4 packet and its netlink headers. */
    private static final int SLOTS = 32, SLOT_BYTES = 65_536 + 512;
    private static final int MMSGHDR = 64, IOVEC = 16, MSG_TRUNC = 0x20;
    private static final int NLMSG_HEADER = 16, NFGENMSG = 4, NLMSG_ERROR = 2;
    /** (NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET */
    private static final int NFQNL_PACKET = 3 << 8;
    private static final int NFQA_PACKET_HDR = 1, NFQA_TIMESTAMP = 4, NFQA_IFINDEX_INDEV = 5, NFQA_IFINDEX_OUTDEV = 6, NFQA_PAYLOAD = 10;
    private static final ValueLayout.OfInt BE32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong BE64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt HOST32 = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfShort HOST16 = ValueLayout.JAVA_SHORT_UNALIGNED;

    /**
     * One queued packet, valid during {@link Handler#packet}: copy what must outlive it.
     *
     * @param kernelTimeNanos when the packet arrived at this host's stack, by the kernel's clock
     *                        (CLOCK_REALTIME, microseconds), or 0 when the kernel gave none
     */
    public record Packet(int id, int inInterface, int outInterface, MemorySegment payload, long kernelTimeNanos) {}

    /** Called for every packet {@link #poll} receives, on the polling thread. */
    @FunctionalInterface
    public interface Handler {
        void packet(Packet p);
    }

    private final Arena arena = Arena.ofShared();
    private final MemorySegment handle;
    private final MemorySegment queue;
    private final int fd;
    private final MemorySegment buffers = arena.allocate((long) SLOTS * SLOT_BYTES, 8);
    private final MemorySegment messages = arena.allocate((long) SLOTS * MMSGHDR, 8);
    private final MemorySegment vectors = arena.allocate((long) SLOTS * IOVEC, 8);
    private final MemorySegment pollfd = arena.allocate(8);
    /** A socket that asks for receive timestamps: the kernel stamps packets only while some socket wants them. */
    private final int stampingSocket;
    private long received, overruns;
    private long busyPollNanos;
    private boolean closed;

    private NfQueue(int number, int maxLength) {
        Lib lib = Lib.get();
        MemorySegment h = MemorySegment.NULL, q = MemorySegment.NULL;
        int stamping = -1;
        try {
            h = (MemorySegment) lib.open.invokeExact();
            if (h.equals(MemorySegment.NULL)) throw new NativeException("nfq_open: cannot open the netfilter queue socket (root needed)", 0);
            int ignored = (int) lib.unbindPf.invokeExact(h, AF_INET); // legacy kernels need the family bound once
            ignored = (int) lib.bindPf.invokeExact(h, AF_INET);
            // no callback: the messages are read and parsed here, many per system call, not by nfq_handle_packet one by one
            q = (MemorySegment) lib.createQueue.invokeExact(h, (short) number, MemorySegment.NULL, MemorySegment.NULL);
            if (q.equals(MemorySegment.NULL)) {
                throw new NativeException("nfq_create_queue " + number + ": the queue is taken or cannot be created", 0);
            }
            if ((int) lib.setMode.invokeExact(q, (byte) NFQNL_COPY_PACKET, 0xffff) < 0) throw new NativeException("nfq_set_mode failed", 0);
            if ((int) lib.setMaxLen.invokeExact(q, maxLength) < 0) throw new NativeException("nfq_set_queue_maxlen failed", 0);
            fd = (int) lib.fd.invokeExact(h);
            stamping = Sys.socket(Sys.AF_INET, Sys.SOCK_DGRAM, 0);
            Sys.setIntOption(stamping, Sys.SOL_SOCKET, Sys.SO_TIMESTAMP, 1, "ask for receive timestamps");
            // a burst of queued packets must not overrun the socket: a lost message strands its packet
            Sys.setIntOption(fd, Sys.SOL_SOCKET, Sys.SO_RCVBUFFORCE, 64 << 20, "enlarge the netfilter queue socket's buffer");
        } catch (NativeException e) {
            if (stamping >= 0) Sys.closeQuietly(stamping);
            destroy(lib, h, q);
            arena.close();
            throw e;
        } catch (Throwable e) {
            if (stamping >= 0) Sys.closeQuietly(stamping);
            destroy(lib, h, q);
            arena.close();
            throw new IllegalStateException(e);
        }
        this.stampingSocket = stamping;
        this.handle = h;
        this.queue = q;
        for (int i = 0; i < SLOTS; i++) {
            MemorySegment v = vectors.asSlice((long) i * IOVEC, IOVEC);
            v.set(ValueLayout.ADDRESS, 0, buffers.asSlice((long) i * SLOT_BYTES, SLOT_BYTES));
            v.set(ValueLayout.JAVA_LONG, 8, SLOT_BYTES);
            MemorySegment m = messages.asSlice((long) i * MMSGHDR, MMSGHDR);
            m.set(ValueLayout.ADDRESS, 16, v); // msg_iov
            m.set(ValueLayout.JAVA_LONG, 24, 1); // msg_iovlen
        }
    }

    /**
     * Binds queue {@code number} (the {@code --queue-num} of the iptables rule) in the calling
     * thread's network namespace, copying whole packets; at most {@code maxLength} packets wait
     * for a verdict (more are dropped by the kernel and counted in its statistics).
     */
    public static NfQueue open(int number, int maxLength) {
        if (number < 0 || number > 65535) throw new IllegalArgumentException("queue number " + number + " is not 0..65535");
        return new NfQueue(number, maxLength);
    }

    /**
     * Keeps looking for packets for up to {@code nanos} before each wait in {@link #poll}, as a
     * NIC driver's busy polling does: while packets keep coming, the owning thread never sleeps, so
     * the kernel does not have to wake it (an inter-processor interrupt, costly in a virtual
     * machine) for each one. For a thread with a CPU to itself; 0 (the default) turns it off.
     */
    public void busyPoll(long nanos) {
        if (nanos < 0) throw new IllegalArgumentException("a negative busy-polling time");
        busyPollNanos = nanos;
    }

    /**
     * Hands every waiting packet to {@code handler}; when none is waiting, looks again for the
     * {@link #busyPoll} time, then waits up to {@code timeoutMillis}. Returns how many it handed.
     * An exception of the handler ends the poll.
     */
    public int poll(int timeoutMillis, Handler handler) {
        long before = received;
        drain(handler);
        if (received == before && busyPollNanos > 0) {
            for (long until = System.nanoTime() + busyPollNanos; received == before && System.nanoTime() < until; ) {
                Thread.onSpinWait();
                drain(handler);
            }
        }
        if (received == before) {
            Sys.pollIn(fd, pollfd, timeoutMillis);
            drain(handler);
        }
        return (int) (received - before);
    }

    /** Reads what is waiting, many datagrams per system call, without waiting. */
    private void drain(Handler handler) {
        while (true) {
            int n;
            try {
                n = Sys.recvmmsg(fd, messages, SLOTS, "receive from the netfilter queue");
            } catch (NativeException e) {
                if (e.errno() != Sys.ENOBUFS) throw e;
                overruns++; // netlink dropped messages: the kernel still holds those packets
                continue;
            }
            for (int i = 0; i < n; i++) {
                MemorySegment m = messages.asSlice((long) i * MMSGHDR, MMSGHDR);
                if ((m.get(HOST32, 48) & MSG_TRUNC) != 0) throw new IllegalStateException("a netfilter queue message did not fit " + SLOT_BYTES + " bytes");
                datagram(buffers.asSlice((long) i * SLOT_BYTES, m.get(HOST32, 56)), handler);
            }
            if (n < SLOTS) return;
        }
    }

    /** The netlink messages of one datagram: each queued packet goes to {@code handler}. */
    private void datagram(MemorySegment d, Handler handler) {
        for (long at = 0; at + NLMSG_HEADER <= d.byteSize(); ) {
            int length = d.get(HOST32, at), type = d.get(HOST16, at + 4) & 0xffff;
            if (length < NLMSG_HEADER || at + length > d.byteSize()) throw new IllegalStateException("a malformed netlink message of " + length + " bytes");
            if (type == NLMSG_ERROR && length >= NLMSG_HEADER + 4 && d.get(HOST32, at + NLMSG_HEADER) != 0) {
                int errno = -d.get(HOST32, at + NLMSG_HEADER);
                throw new NativeException("the netfilter queue refused a message: " + Sys.describe(errno), errno);
            }
            if (type == NFQNL_PACKET) packet(d.asSlice(at + NLMSG_HEADER + NFGENMSG, length - NLMSG_HEADER - NFGENMSG), handler);
            at += (length + 3) & ~3;
        }
    }

    /** The attributes of one queued packet (struct nlattr: length, type, value padded to 4 bytes). */
    private void packet(MemorySegment a, Handler handler) {
        int id = -1, in = 0, out = 0;
        long stamp = 0;
        MemorySegment payload = MemorySegment.NULL;
        for (long at = 0; at + 4 <= a.byteSize(); ) {
            int length = a.get(HOST16, at) & 0xffff, type = a.get(HOST16, at + 2) & 0x3fff;
            if (length < 4 || at + length > a.byteSize()) break;
            long value = at + 4;
            switch (type) {
                case NFQA_PACKET_HDR -> id = a.get(BE32, value);
                case NFQA_IFINDEX_INDEV -> in = a.get(BE32, value);
                case NFQA_IFINDEX_OUTDEV -> out = a.get(BE32, value);
                case NFQA_TIMESTAMP -> stamp = a.get(BE64, value) * 1_000_000_000L + a.get(BE64, value + 8) * 1_000L;
                case NFQA_PAYLOAD -> payload = a.asSlice(value, length - 4);
                default -> { }
            }
            at += (length + 3) & ~3;
        }
        if (id < 0) throw new IllegalStateException("a queued packet without its header (NFQA_PACKET_HDR)");
        received++;
        handler.packet(new Packet(id, in, out, payload, stamp));
    }

    /** Lets packet {@code id} pass unchanged. */
    public void accept(int id) {
        verdict(id, NF_ACCEPT, MemorySegment.NULL, 0);
    }

    /** Lets packet {@code id} pass as {@code packet} (the IP packet, rewritten; checksums are the caller's). */
    public void accept(int id, byte[] packet, int length) {
        MemorySegment m = arena.allocate(length);
        MemorySegment.copy(packet, 0, m, ValueLayout.JAVA_BYTE, 0, length);
        verdict(id, NF_ACCEPT, m, length);
    }

    /**
     * Lets every packet still queued whose id is at most {@code id} pass unchanged, in one message
     * ({@code nfq_set_verdict_batch}): only right when no packet the caller still holds is among them.
     */
    public void acceptUpTo(int id) {
        try {
            int r = (int) Lib.get().setVerdictBatch.invokeExact(queue, id, NF_ACCEPT);
            if (r < 0) throw new NativeException("nfq_set_verdict_batch up to packet " + id + " failed", 0);
        } catch (Throwable e) {
            throw Sys.unchecked(e);
        }
    }

    /** Drops packet {@code id}. */
    public void drop(int id) {
        verdict(id, NF_DROP, MemorySegment.NULL, 0);
    }

    private void verdict(int id, int verdict, MemorySegment data, int length) {
        try {
            int r = (int) Lib.get().setVerdict.invokeExact(queue, id, verdict, length, data);
            if (r < 0) throw new NativeException("nfq_set_verdict for packet " + id + " failed", 0);
        } catch (Throwable e) {
            throw Sys.unchecked(e);
        }
    }

    /** Packets handed to handlers so far. */
    public long received() {
        return received;
    }

    /** Times the netlink socket overran (the kernel dropped messages it could not deliver). */
    public long overruns() {
        return overruns;
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        Sys.closeQuietly(stampingSocket);
        destroy(Lib.get(), handle, queue);
        arena.close();
    }

    private static void destroy(Lib lib, MemorySegment h, MemorySegment q) {
        try {
            if (q != null && !q.equals(MemorySegment.NULL)) {
                int ignored = (int) lib.destroyQueue.invokeExact(q);
            }
            if (h != null && !h.equals(MemorySegment.NULL)) {
                int ignored = (int) lib.close.invokeExact(h);
            }
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** The library's functions, found once. */
    private static final class Lib {
        private static volatile Lib instance;

        final MethodHandle open, close, bindPf, unbindPf, createQueue, destroyQueue, setMode, setMaxLen, fd, setVerdict, setVerdictBatch;

        private Lib(SymbolLookup lib) {
            ValueLayout a = ValueLayout.ADDRESS, i = ValueLayout.JAVA_INT;
            open = down(lib, "nfq_open", FunctionDescriptor.of(a));
            close = down(lib, "nfq_close", FunctionDescriptor.of(i, a));
            bindPf = down(lib, "nfq_bind_pf", FunctionDescriptor.of(i, a, ValueLayout.JAVA_SHORT));
            unbindPf = down(lib, "nfq_unbind_pf", FunctionDescriptor.of(i, a, ValueLayout.JAVA_SHORT));
            createQueue = down(lib, "nfq_create_queue", FunctionDescriptor.of(a, a, ValueLayout.JAVA_SHORT, a, a));
            destroyQueue = down(lib, "nfq_destroy_queue", FunctionDescriptor.of(i, a));
            setMode = down(lib, "nfq_set_mode", FunctionDescriptor.of(i, a, ValueLayout.JAVA_BYTE, i));
            setMaxLen = down(lib, "nfq_set_queue_maxlen", FunctionDescriptor.of(i, a, i));
            fd = down(lib, "nfq_fd", FunctionDescriptor.of(i, a));
            setVerdict = down(lib, "nfq_set_verdict", FunctionDescriptor.of(i, a, i, i, i, a));
            setVerdictBatch = down(lib, "nfq_set_verdict_batch", FunctionDescriptor.of(i, a, i, i));
        }

        static Lib get() {
            Lib l = instance;
            if (l == null) {
                synchronized (Lib.class) {
                    if (instance == null) {
                        SymbolLookup lookup;
                        try {
                            lookup = SymbolLookup.libraryLookup("libnetfilter_queue.so.1", Arena.global());
                        } catch (IllegalArgumentException e) {
                            throw new EnvironmentException("libnetfilter_queue.so.1 is not installed",
                                    "install Debian's libnetfilter-queue1 (apt-get install libnetfilter-queue1)", e);
                        }
                        instance = new Lib(lookup);
                    }
                    l = instance;
                }
            }
            return l;
        }

        private static MethodHandle down(SymbolLookup lib, String name, FunctionDescriptor fd) {
            return Linker.nativeLinker().downcallHandle(lib.find(name).orElseThrow(
                    () -> new UnsatisfiedLinkError("libnetfilter_queue has no " + name)), fd);
        }
    }
}
