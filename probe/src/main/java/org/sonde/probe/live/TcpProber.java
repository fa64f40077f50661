package org.sonde.probe.live;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.sonde.netio.RawIpSocket;
import org.sonde.netio.Testbed;
import org.sonde.packet.Checksums;
import org.sonde.packet.IpProtocols;

/**
 * One agent's TCP probing, inside its host's namespace: SYNs with a chosen 5-tuple and TTL sent
 * through a raw IP socket (header included, so the kernel routes them as they are, by their
 * ports), and two raw sockets that receive the answers — SYN-ACK or RST from the target (a TCP
 * ping's answer, or a traceroute's last hop) and ICMP time-exceeded from a router (a traceroute
 * hop), which quote the probe's ports and sequence number. Each probe carries its own sequence
 * number, so every answer finds its probe; sends are paced to at most {@code rate} per second.
 */
final class TcpProber implements AutoCloseable {
    /** What answered a probe. */
    enum Kind { SYN_ACK, RST, TIME_EXCEEDED, UNREACHABLE }

    /** An answer: what, from which address, when ({@link System#nanoTime}). */
    record Answer(Kind kind, int from, long nanos) {}

    /** A probe sent: its flow, TTL and send time; its first answer once one came. */
    static final class Sent {
        final int destination, sourcePort, destinationPort, ttl;
        final long nanos;
        volatile Answer answer;

        Sent(int destination, int sourcePort, int destinationPort, int ttl, long nanos) {
            this.destination = destination;
            this.sourcePort = sourcePort;
            this.destinationPort = destinationPort;
            this.ttl = ttl;
            this.nanos = nanos;
        }
    }

    private final int address;
    private final RawIpSocket out;
    private final RawIpSocket tcpIn;
    private final RawIpSocket icmpIn;
    private final ConcurrentHashMap<Integer, Sent> sent = new ConcurrentHashMap<>();
    /** Probe ids from a random start, so a late answer to an earlier prober's probe finds no probe of this one. */
    private final AtomicInteger nextId = new AtomicInteger(java.util.concurrent.ThreadLocalRandom.current().nextInt());
    private final long spacingNanos;
    private final byte[] packet = new byte[40];
    private final Thread[] receivers;
    /** Per receiver, when it last found its socket empty ({@link System#nanoTime}). */
    private final java.util.concurrent.atomic.AtomicLongArray emptyAt = new java.util.concurrent.atomic.AtomicLongArray(2);
    private volatile boolean running = true;
    private long nextSend;

    /** Opens the sockets in {@code node}'s namespace and starts receiving; {@code rate}: most probes per second. */
    TcpProber(Testbed testbed, String node, int address, double rate) {
        this.address = address;
        this.spacingNanos = (long) (1e9 / rate);
        RawIpSocket[] s = testbed.call(node, () -> {
            RawIpSocket o = RawIpSocket.open();
            try {
                RawIpSocket t = RawIpSocket.receiving(IpProtocols.TCP);
                try {
                    return new RawIpSocket[] {o, t, RawIpSocket.receiving(IpProtocols.ICMP)};
                } catch (RuntimeException e) {
                    t.close();
                    throw e;
                }
            } catch (RuntimeException e) {
                o.close();
                throw e;
            }
        });
        out = s[0];
        tcpIn = s[1];
        icmpIn = s[2];
        receivers = new Thread[] {receiver(tcpIn, 0, node + "-tcp"), receiver(icmpIn, 1, node + "-icmp")};
        for (Thread t : receivers) t.start();
    }

    private Thread receiver(RawIpSocket socket, int index, String name) {
        Thread t = new Thread(() -> {
            byte[] b = new byte[2048];
            while (running) {
                int n = socket.receive(b, 0);
                if (n == 0) {
                    emptyAt.set(index, System.nanoTime());
                    n = socket.receive(b, 10);
                }
                if (n > 0) accept(b, n, System.nanoTime());
            }
        }, "probe-" + name);
        t.setDaemon(true);
        return t;
    }

    /** Sends one SYN ({@code ttl} hops to live); returns its id, the key of {@link #sent(int)}. Blocks to keep the pace. */
    int send(int destination, int sourcePort, int destinationPort, int ttl) {
        long now = System.nanoTime();
        if (nextSend - now > 0) {
            LockSupport.parkNanos(nextSend - now);
            now = System.nanoTime();
        }
        // a late sender does not burst to catch up: the pace is a ceiling
        nextSend = Math.max(nextSend, now - spacingNanos) + spacingNanos;
        int id = nextId.getAndIncrement();
        byte[] p = packet;
        java.util.Arrays.fill(p, (byte) 0);
        p[0] = 0x45;
        put16(p, 2, 40);
        put16(p, 4, id & 0xFFFF);
        p[8] = (byte) ttl;
        p[9] = (byte) IpProtocols.TCP;
        put32(p, 12, address);
        put32(p, 16, destination);
        put16(p, 10, Checksums.internetChecksum(p, 0, 20));
        put16(p, 20, sourcePort);
        put16(p, 22, destinationPort);
        put32(p, 24, id); // the sequence number names the probe: answers echo it
        p[32] = 0x50; // 20-byte header
        p[33] = 0x02; // SYN
        put16(p, 34, 64240);
        Checksums.computeTransport(p, 0, IpProtocols.TCP, 20, 20);
        Sent s = new Sent(destination, sourcePort, destinationPort, ttl, System.nanoTime());
        sent.put(id, s);
        out.send(p, 40);
        return id;
    }

    /**
     * Waits until both receivers have found their sockets empty since this call: every answer
     * that had arrived by then is taken, however late a busy machine ran the receiving threads.
     */
    void drain() {
        long since = System.nanoTime();
        long limit = since + 30_000_000_000L;
        while ((emptyAt.get(0) - since <= 0 || emptyAt.get(1) - since <= 0) && System.nanoTime() - limit < 0) LockSupport.parkNanos(1_000_000);
    }

    /** The probe of this id (its answer is filled in when one comes). */
    Sent sent(int id) {
        return sent.get(id);
    }

    /** Forgets probes whose results were taken. */
    void forget(int id) {
        sent.remove(id);
    }

    private void accept(byte[] b, int n, long nanos) {
        if (n < 20 || (b[0] & 0xF0) != 0x40) return;
        int ihl = (b[0] & 0x0F) * 4;
        int from = i32(b, 12);
        if (b[9] == IpProtocols.TCP) {
            if (n < ihl + 20) return;
            int flags = b[ihl + 13] & 0xFF;
            boolean synAck = (flags & 0x12) == 0x12, rst = (flags & 0x04) != 0;
            if (!synAck && !rst) return; // SYNs others send us
            int id = i32(b, ihl + 8) - 1;
            Sent s = sent.get(id);
            if (s == null || s.destination != from || s.destinationPort != u16(b, ihl) || s.sourcePort != u16(b, ihl + 2)) return;
            if (s.answer == null) s.answer = new Answer(synAck ? Kind.SYN_ACK : Kind.RST, from, nanos);
        } else if (b[9] == IpProtocols.ICMP) {
            int type = b[ihl] & 0xFF;
            if (type != 11 && type != 3) return;
            int q = ihl + 8;
            if (n < q + 20) return;
            int qihl = (b[q] & 0x0F) * 4;
            if (n < q + qihl + 8 || b[q + 9] != IpProtocols.TCP || i32(b, q + 12) != address) return;
            int id = i32(b, q + qihl + 4);
            Sent s = sent.get(id);
            if (s == null || s.sourcePort != u16(b, q + qihl) || s.destinationPort != u16(b, q + qihl + 2)) return;
            if (s.answer == null) s.answer = new Answer(type == 11 ? Kind.TIME_EXCEEDED : Kind.UNREACHABLE, from, nanos);
        }
    }

    private static int u16(byte[] b, int i) {
        return (b[i] & 0xFF) << 8 | b[i + 1] & 0xFF;
    }

    private static int i32(byte[] b, int i) {
        return u16(b, i) << 16 | u16(b, i + 2);
    }

    private static void put16(byte[] b, int i, int v) {
        b[i] = (byte) (v >>> 8);
        b[i + 1] = (byte) v;
    }

    private static void put32(byte[] b, int i, int v) {
        put16(b, i, v >>> 16);
        put16(b, i + 2, v);
    }

    @Override
    public void close() {
        running = false;
        for (Thread t : receivers) {
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        out.close();
        tcpIn.close();
        icmpIn.close();
    }
}
