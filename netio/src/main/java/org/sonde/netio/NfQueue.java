package org.sonde.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteOrder;
import org.sonde.core.EnvironmentException;

/**
 * A netfilter queue: packets an iptables {@code NFQUEUE} rule hands to user space, each held in
 * the kernel until its verdict (accept, possibly rewritten, or drop). Bound through FFM to
 * Debian's {@code libnetfilter_queue.so.1}, the library made for the protocol.
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
    private static final int NLMSG_BUFFER = 1 << 18;
    private static final ValueLayout.OfInt PACKET_ID = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

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
    private final MemorySegment buffer = arena.allocate(NLMSG_BUFFER, 8);
    private final MemorySegment pollfd = arena.allocate(8);
    private final MemorySegment payloadPointer = arena.allocate(ValueLayout.ADDRESS);
    private final MemorySegment timeval = arena.allocate(16, 8);
    /** A socket that asks for receive timestamps: the kernel stamps packets only while some socket wants them. */
    private final int stampingSocket;
    private Handler current;
    private Throwable failure;
    private long received, overruns;
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
            MemorySegment callback = Linker.nativeLinker().upcallStub(
                    MethodHandles.lookup().bind(this, "onPacket", MethodType.methodType(int.class,
                            MemorySegment.class, MemorySegment.class, MemorySegment.class, MemorySegment.class)),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS),
                    arena);
            q = (MemorySegment) lib.createQueue.invokeExact(h, (short) number, callback, MemorySegment.NULL);
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
     * Waits up to {@code timeoutMillis} for queued packets and hands each waiting one to
     * {@code handler}; returns how many it handed. An exception of the handler ends the poll.
     */
    public int poll(int timeoutMillis, Handler handler) {
        Sys.pollIn(fd, pollfd, timeoutMillis);
        long before = received;
        current = handler;
        try {
            while (true) {
                int n;
                try {
                    n = Sys.recv(fd, buffer);
                } catch (NativeException e) {
                    if (e.errno() != Sys.ENOBUFS) throw e;
                    overruns++; // netlink dropped messages: the kernel still holds those packets
                    continue;
                }
                if (n == 0) break;
                int ignored = (int) Lib.get().handlePacket.invokeExact(handle, buffer, n);
                if (failure != null) {
                    Throwable f = failure;
                    failure = null;
                    if (f instanceof RuntimeException r) throw r;
                    if (f instanceof Error err) throw err;
                    throw new IllegalStateException(f);
                }
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        } finally {
            current = null;
        }
        return (int) (received - before);
    }

    /** The library's callback, an upcall: an exception here would end the JVM, so it is kept for {@link #poll}. */
    private int onPacket(MemorySegment qh, MemorySegment nfmsg, MemorySegment nfad, MemorySegment data) {
        try {
            Lib lib = Lib.get();
            MemorySegment header = ((MemorySegment) lib.packetHeader.invokeExact(nfad)).reinterpret(7);
            int id = header.get(PACKET_ID, 0);
            int length = (int) lib.payload.invokeExact(nfad, payloadPointer);
            MemorySegment payload = length <= 0 ? MemorySegment.NULL
                    : payloadPointer.get(ValueLayout.ADDRESS, 0).reinterpret(length);
            int in = (int) lib.inDev.invokeExact(nfad), out = (int) lib.outDev.invokeExact(nfad);
            long stamp = 0;
            if ((int) lib.timestamp.invokeExact(nfad, timeval) == 0) {
                stamp = timeval.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + timeval.get(ValueLayout.JAVA_LONG, 8) * 1_000L;
            }
            received++;
            if (failure == null) current.packet(new Packet(id, in, out, payload, stamp));
        } catch (Throwable e) {
            if (failure == null) failure = e;
        }
        return 0;
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
        } catch (NativeException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
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
        } catch (NativeException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
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

        final MethodHandle open, close, bindPf, unbindPf, createQueue, destroyQueue, setMode, setMaxLen, fd, handlePacket,
                packetHeader, payload, inDev, outDev, setVerdict, setVerdictBatch, timestamp;

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
            handlePacket = down(lib, "nfq_handle_packet", FunctionDescriptor.of(i, a, a, i));
            packetHeader = down(lib, "nfq_get_msg_packet_hdr", FunctionDescriptor.of(a, a));
            payload = down(lib, "nfq_get_payload", FunctionDescriptor.of(i, a, a));
            inDev = down(lib, "nfq_get_indev", FunctionDescriptor.of(i, a));
            outDev = down(lib, "nfq_get_outdev", FunctionDescriptor.of(i, a));
            setVerdict = down(lib, "nfq_set_verdict", FunctionDescriptor.of(i, a, i, i, i, a));
            setVerdictBatch = down(lib, "nfq_set_verdict_batch", FunctionDescriptor.of(i, a, i, i));
            timestamp = down(lib, "nfq_get_timestamp", FunctionDescriptor.of(i, a, a));
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
