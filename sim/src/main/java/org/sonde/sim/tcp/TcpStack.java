package org.sonde.sim.tcp;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2ObjectOpenHashMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.sonde.packet.IpProtocols;
import org.sonde.packet.TcpHeader;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.FrameSink;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.IpFrame;

/**
 * A host's TCP, bound to IP protocol 6 on its kernel receive path (so segments pass the host's
 * processing delay): connection demultiplexing, listeners, resets for segments no socket wants, and
 * the stack-wide counters under Linux's {@code nstat} names.
 *
 * <p>What is modelled and what is not, against Linux 6.x:
 * <ul>
 *   <li>Modelled: three-way handshake with SYN/SYN-ACK retries and option negotiation (MSS, window
 *       scaling, SACK-permitted, timestamps, ECN); initial window 10; slow start; Reno/NewReno, CUBIC,
 *       DCTCP; the SACK scoreboard; RACK-TLP loss detection (RFC 8985: losses by transmit time with a
 *       reordering window of min_rtt/4 widened by D-SACKs and its timer, tail loss probes, RTOs that
 *       spare segments sent within RACK's RTT) or, with {@code tcp_recovery = 0}, the duplicate threshold
 *       {@code tcp_reordering} raised on observed reordering up to {@code tcp_max_reordering}; fast
 *       retransmit and PRR recovery; RTO per RFC
 *       6298 as {@code tcp_rtt_estimator()} computes it, with exponential backoff; delayed ACKs with
 *       ATO adaptation, quick-ACK mode, ACK every second full segment, immediate ACKs for out-of-order
 *       data; D-SACK; receive window from the free buffer (never shrinking, receiver SWS avoidance),
 *       window-update ACKs after reads, zero-window probing with backoff; Nagle (Minshall's variant);
 *       FIN and RST handling; TIME_WAIT of configurable length.</li>
 *   <li>Simplified: the window offers the free buffer from the first ACK on (the SYN offers
 *       {@link TcpConfig#initialReceiveWindowBytes()}), unless {@link TcpConfig#receiveWindowGrowth()} grows it as
 *       Linux 6.x does ({@code rcv_ssthresh}, {@code window_clamp}, {@code scaling_ratio} of a veth skb's
 *       truesize, the quick-ACK refill of {@code tcp_grow_window()}); receive-buffer autotuning
 *       ({@code tcp_rcv_space_adjust()}) is not modelled; undo of spurious recoveries where timestamps prove an ACK
 *       came from the original ({@code tcp_try_undo_partial()}, {@code tcp_try_undo_recovery()},
 *       {@code tcp_try_undo_loss()}), D-SACKs report every retransmission of the episode needless
 *       ({@code undo_retrans}, {@code tcp_try_undo_dsack()}; a D-SACK block SACKs nothing itself) or F-RTO proves a
 *       timeout spurious; timers run on nanoseconds,
 *       not jiffies, except CUBIC's clock (unless {@link TcpConfig#timerTickNanos()}); the socket is held by the
 *       application only through {@link TcpSocket#lockSock()} (with {@link TcpConfig#socketBacklog()}, segments then wait
 *       in the backlog), never by a call's own duration; the min_rtt filter keeps one sample (Linux's minmax keeps three,
 *       which differs only after the 300 s window); listeners create a full socket on the SYN (no request socks).</li>
 *   <li>Left out: PRR's newly-lost term (5.11), TSO/GSO (every segment is at most one MSS), pacing, TSQ, SACK
 *       compression, cwnd restart after idle, PAWS, simultaneous open, SYN cookies and listen backlogs,
 *       urgent data, keepalive.</li>
 * </ul>
 */
public final class TcpStack implements FrameSink {
    /** Told of each connection a listener completed; it configures the socket (listener, reading). */
    @FunctionalInterface
    public interface Acceptor {
        void accept(TcpSocket socket);
    }

    /** {@code net.ipv4.ip_local_port_range}. */
    private static final int EPHEMERAL_LOW = 32_768;
    private static final int EPHEMERAL_HIGH = 60_999;

    private final Host host;
    private final TcpConfig config;
    private final Simulator sim;
    private final SplittableRandom random;
    private final Long2ObjectOpenHashMap<TcpSocket> connections = new Long2ObjectOpenHashMap<>();
    private final Int2ObjectOpenHashMap<Acceptor> listeners = new Int2ObjectOpenHashMap<>();
    private final List<TcpSocket> sockets = new ArrayList<>();
    private final long[] counters = new long[TcpCounter.values().length];
    private int nextEphemeral;
    private TcpObserver observer = TcpObserver.NONE;

    public TcpStack(Host host, TcpConfig config) {
        this.host = host;
        this.config = config;
        this.sim = host.network().simulator();
        this.random = host.network().random().stream("host:" + host.name() + "/tcp");
        this.nextEphemeral = EPHEMERAL_LOW + random.nextInt(EPHEMERAL_HIGH - EPHEMERAL_LOW + 1);
        host.bind(IpProtocols.TCP, this);
    }

    public Host host() {
        return host;
    }

    public TcpConfig config() {
        return config;
    }

    Simulator simulator() {
        return sim;
    }

    /** Tells {@code o} of every socket's inputs, outputs and random draws from now on (null: no one). */
    public void observe(TcpObserver o) {
        this.observer = o == null ? TcpObserver.NONE : o;
    }

    TcpObserver observer() {
        return observer;
    }

    /** Opens a connection from an ephemeral port; {@code listener} hears about it. */
    public TcpSocket connect(Host remote, int remotePort, int priority, TcpSocket.Listener listener) {
        return connect(remote, remotePort, ephemeralPort(remote.ip(), remotePort), priority, listener);
    }

    /** Opens a connection from {@code localPort} (as {@code bind()} before {@code connect()}); {@code listener} hears about it. */
    public TcpSocket connect(Host remote, int remotePort, int localPort, int priority, TcpSocket.Listener listener) {
        if (localPort <= 0 || localPort > 65_535) throw new IllegalArgumentException("port " + localPort + " is outside 1..65535");
        if (connections.containsKey(key(localPort, remote.ip(), remotePort))) {
            throw new IllegalStateException("host " + host.name() + " already has a connection from port " + localPort + " to " + remote.name() + ":" + remotePort);
        }
        TcpSocket s = new TcpSocket(this, localPort, remote.ip(), remotePort, priority, true);
        register(s);
        observer.created(s);
        s.connect(listener);
        return s;
    }

    /** Accepts connections to {@code port}; each completed handshake is handed to {@code acceptor}. */
    public void listen(int port, Acceptor acceptor) {
        if (port <= 0 || port > 65_535) throw new IllegalArgumentException("port " + port + " is outside 1..65535");
        if (listeners.containsKey(port)) throw new IllegalStateException("host " + host.name() + " already listens on port " + port);
        listeners.put(port, acceptor);
    }

    private int ephemeralPort(int remoteIp, int remotePort) {
        int range = EPHEMERAL_HIGH - EPHEMERAL_LOW + 1;
        for (int tries = 0; tries < range; tries++) {
            int p = nextEphemeral;
            nextEphemeral = p == EPHEMERAL_HIGH ? EPHEMERAL_LOW : p + 1;
            if (!connections.containsKey(key(p, remoteIp, remotePort)) && !listeners.containsKey(p)) return p;
        }
        throw new IllegalStateException("host " + host.name() + " has no free ephemeral port");
    }

    private static long key(int localPort, int remoteIp, int remotePort) {
        return (long) localPort << 48 | (long) remotePort << 32 | (remoteIp & 0xFFFF_FFFFL);
    }

    private void register(TcpSocket s) {
        connections.put(key(s.localPort, s.remoteIp, s.remotePort), s);
        sockets.add(s);
    }

    void remove(TcpSocket s) {
        long k = key(s.localPort, s.remoteIp, s.remotePort);
        if (connections.get(k) == s) connections.remove(k);
    }

    void accepted(TcpSocket s, Acceptor acceptor) {
        if (acceptor == null) return;
        observer.callback(s, TcpObserver.Callback.ACCEPT, false);
        acceptor.accept(s);
        observer.callback(s, TcpObserver.Callback.ACCEPT, true);
    }

    /** A random 32-bit value for initial sequence numbers and timestamp offsets (Linux hashes secrets; any value will do here). */
    long initialSequence(TcpSocket s, TcpObserver.Draw what) {
        return observer.nondeterministic(s, what, random.nextLong() & 0xFFFF_FFFFL);
    }

    @Override
    public void receive(IpFrame frame) {
        if (!(frame instanceof TcpSegment s)) return;
        TcpSocket sock = connections.get(key(s.destinationPort, s.sourceIp, s.sourcePort));
        if (sock != null) {
            observer.arrived(sock, s);
            sock.segmentArrived(s);
            return;
        }
        Acceptor acceptor = listeners.get(s.destinationPort);
        if (acceptor != null && s.has(TcpHeader.FLAG_SYN) && !s.has(TcpHeader.FLAG_ACK) && !s.has(TcpHeader.FLAG_RST)) {
            count(TcpCounter.TcpInSegs);
            TcpSocket child = new TcpSocket(this, s.destinationPort, s.sourceIp, s.sourcePort, s.priority, false);
            child.setAcceptor(acceptor);
            register(child);
            observer.created(child);
            observer.arrived(child, s);
            child.acceptSyn(s);
            return;
        }
        count(TcpCounter.TcpInSegs);
        if (s.has(TcpHeader.FLAG_RST)) return;
        // tcp_v4_send_reset(): answer with the sequence the segment acknowledged, or acknowledge it
        if (s.has(TcpHeader.FLAG_ACK)) sendReset(s.sourceIp, s.destinationPort, s.sourcePort, s.ack, 0, false, s.priority);
        else sendReset(s.sourceIp, s.destinationPort, s.sourcePort, 0, s.seq + s.sequenceLength(), true, s.priority);
    }

    void sendReset(int remoteIp, int localPort, int remotePort, int seq, int ack, boolean withAck, int priority) {
        TcpSegment r = new TcpSegment(0, 0, priority);
        r.destinationIp = remoteIp;
        r.sourcePort = localPort;
        r.destinationPort = remotePort;
        r.seq = seq;
        r.ack = withAck ? ack : 0;
        r.flags = TcpHeader.FLAG_RST | (withAck ? TcpHeader.FLAG_ACK : 0);
        count(TcpCounter.TcpOutRsts);
        count(TcpCounter.TcpOutSegs);
        host.send(r);
    }

    void count(TcpCounter c) {
        counters[c.ordinal()]++;
    }

    void add(TcpCounter c, long n) {
        counters[c.ordinal()] += n;
    }

    public long counter(TcpCounter c) {
        return counters[c.ordinal()];
    }

    /** Every counter by its {@code nstat} name, in a fixed order. */
    public Map<String, Long> counters() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (TcpCounter c : TcpCounter.values()) m.put(c.name(), counters[c.ordinal()]);
        return Collections.unmodifiableMap(m);
    }

    /** Every socket this stack created, in creation order (closed ones included). */
    public List<TcpSocket> sockets() {
        return Collections.unmodifiableList(sockets);
    }
}
