package org.sonde.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernel's view of the TCP sockets of a network namespace, as {@code ss -ti} gets it: a
 * {@code NETLINK_SOCK_DIAG} dump of IPv4 TCP sockets with their {@code struct tcp_info}. One
 * dump is two system calls for a handful of sockets, so a sampler can take one every millisecond.
 * <pre>
 * try (SockDiag diag = testbed.call("client", SockDiag::open)) {
 *     for (SockDiag.TcpInfo s : diag.tcp()) System.out.println(s.localPort() + " cwnd " + s.cwnd());
 * }
 * </pre>
 */
public final class SockDiag implements AutoCloseable {
    private static final int AF_NETLINK = 16, NETLINK_SOCK_DIAG = 4, SOCK_DIAG_BY_FAMILY = 20;
    private static final int NLM_F_REQUEST = 1, NLM_F_DUMP = 0x300, NLMSG_ERROR = 2, NLMSG_DONE = 3;
    private static final int INET_DIAG_INFO = 2, IPPROTO_TCP = 6, AF_INET6 = 10;
    private static final int NLMSG_HEADER = 16, INET_DIAG_MSG = 72;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfShort PORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt ADDRESS = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final int fd;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment request = arena.allocate(NLMSG_HEADER + 56);
    private final MemorySegment kernel = arena.allocate(12);
    private final MemorySegment buffer = arena.allocate(1 << 16);
    private final MemorySegment pollfd = arena.allocate(8);
    private int sequence;
    private boolean closed;

    /**
     * One TCP socket and what {@code tcp_info} says of it (times in microseconds, as the kernel gives them).
     *
     * @param localAddress IPv4, or the IPv4 address an IPv4-mapped IPv6 address holds (other IPv6 addresses: their last 32 bits)
     * @param state     TCP_ESTABLISHED is 1 ... (include/net/tcp_states.h)
     * @param caState   the congestion state: 0 open, 1 disorder, 2 CWR, 3 recovery, 4 loss
     * @param backoff   how many times the RTO has been doubled
     * @param cwnd      congestion window, in segments
     * @param ssthresh  slow-start threshold, in segments (a huge value before the first loss)
     */
    public record TcpInfo(int localAddress, int localPort, int remoteAddress, int remotePort, int state, int caState, int retransmits,
                          int backoff, long rtoMicros, long rttMicros, long rttVarMicros, long cwnd, long ssthresh, long unacked,
                          long lost, long retrans, long reordering, long totalRetrans, long sndMss) {}

    private SockDiag(int fd) {
        this.fd = fd;
        kernel.set(SHORT, 0, (short) AF_NETLINK); // sockaddr_nl of the kernel: pid 0, no groups
    }

    /** A sock_diag socket of the calling thread's network namespace ({@link NetNamespace#call}). */
    public static SockDiag open() {
        return new SockDiag(Sys.socket(AF_NETLINK, Sys.SOCK_DGRAM, NETLINK_SOCK_DIAG));
    }

    /**
     * Every TCP socket of the namespace over IPv4 or IPv6, in any state, with its tcp_info (the
     * JDK's sockets are IPv6 ones, IPv4 peers at mapped addresses).
     */
    public synchronized List<TcpInfo> tcp() {
        List<TcpInfo> out = dump(Sys.AF_INET);
        out.addAll(dump(AF_INET6));
        return out;
    }

    private List<TcpInfo> dump(int family) {
        request.fill((byte) 0);
        request.set(INT, 0, (int) request.byteSize());
        request.set(SHORT, 4, (short) SOCK_DIAG_BY_FAMILY);
        request.set(SHORT, 6, (short) (NLM_F_REQUEST | NLM_F_DUMP));
        int seq = ++sequence;
        request.set(INT, 8, seq);
        // struct inet_diag_req_v2: family, protocol, the extensions wanted (a bit per attribute), pad, states
        request.set(ValueLayout.JAVA_BYTE, 16, (byte) family);
        request.set(ValueLayout.JAVA_BYTE, 17, (byte) IPPROTO_TCP);
        request.set(ValueLayout.JAVA_BYTE, 18, (byte) (1 << (INET_DIAG_INFO - 1)));
        request.set(INT, 20, -1);
        Sys.sendTo(fd, request, request.byteSize(), kernel, "ask sock_diag for the TCP sockets");
        List<TcpInfo> out = new ArrayList<>();
        while (true) {
            int n = Sys.recv(fd, buffer);
            if (n == 0) {
                Sys.pollIn(fd, pollfd, 1000);
                continue;
            }
            for (int at = 0; at + NLMSG_HEADER <= n; ) {
                int length = buffer.get(INT, at), type = buffer.get(SHORT, at + 4) & 0xffff;
                if (length < NLMSG_HEADER || at + length > n) throw new IllegalStateException("sock_diag sent a malformed message of " + length + " bytes");
                if (buffer.get(INT, at + 8) == seq) {
                    if (type == NLMSG_DONE) return out;
                    if (type == NLMSG_ERROR) {
                        int errno = -buffer.get(INT, at + NLMSG_HEADER);
                        throw new NativeException("sock_diag refused the dump: " + Sys.describe(errno), errno);
                    }
                    if (type == SOCK_DIAG_BY_FAMILY) out.add(parse(at + NLMSG_HEADER, at + length));
                }
                at += (length + 3) & ~3;
            }
        }
    }

    /** A struct inet_diag_msg and its attributes, from {@code at} to {@code end}. */
    private TcpInfo parse(int at, int end) {
        int state = buffer.get(ValueLayout.JAVA_BYTE, at + 1) & 0xff;
        int localPort = buffer.get(PORT, at + 4) & 0xffff, remotePort = buffer.get(PORT, at + 6) & 0xffff;
        // IPv4 addresses are the first word of the 16-byte fields, IPv4-mapped IPv6 ones (::ffff:a.b.c.d) the last
        boolean v6 = (buffer.get(ValueLayout.JAVA_BYTE, at) & 0xff) == AF_INET6;
        int local = buffer.get(ADDRESS, at + (v6 ? 20 : 8)), remote = buffer.get(ADDRESS, at + (v6 ? 36 : 24));
        for (int a = at + INET_DIAG_MSG; a + 4 <= end; ) {
            int length = buffer.get(SHORT, a) & 0xffff, type = buffer.get(SHORT, a + 2) & 0xffff;
            if (length < 4) break;
            if (type == INET_DIAG_INFO && length - 4 >= 104) {
                MemorySegment i = buffer.asSlice(a + 4, length - 4);
                // struct tcp_info (include/uapi/linux/tcp.h): the fields at these offsets have kept their places since Linux 2.6
                return new TcpInfo(local, localPort, remote, remotePort, state, u8(i, 1), u8(i, 2), u8(i, 4), u32(i, 8), u32(i, 68), u32(i, 72),
                        u32(i, 80), u32(i, 76), u32(i, 24), u32(i, 32), u32(i, 36), u32(i, 88), u32(i, 100), u32(i, 16));
            }
            a += (length + 3) & ~3;
        }
        return new TcpInfo(local, localPort, remote, remotePort, state, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    }

    private static int u8(MemorySegment s, int offset) {
        return s.get(ValueLayout.JAVA_BYTE, offset) & 0xff;
    }

    private static long u32(MemorySegment s, int offset) {
        return s.get(INT, offset) & 0xffffffffL;
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        Sys.close(fd);
        arena.close();
    }
}
