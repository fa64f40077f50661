package org.sonde.search.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sonde.search.space.Endpoint;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.Point;
import org.sonde.search.space.Request;
import org.sonde.search.space.SearchSpace;
import org.sonde.search.space.Traffic;

/**
 * Compiles a point into perftest command lines (linux-rdma/perftest: {@code ib_send_bw},
 * {@code ib_write_bw}, {@code ib_read_bw}), with the flags of its README and man page
 * ({@code man/perftest.1}): {@code -d} device, {@code -x} GID index, {@code -c} connection type,
 * {@code -q} QPs, {@code -m} MTU, {@code -s} size, {@code -t} send queue depth, {@code -l} post list
 * (WQE batch), {@code -r} and {@code --recv_post_list} for SEND's receives, {@code --mr_per_qp},
 * {@code -b} bidirectional, {@code -D} duration, {@code --report_gbits}, {@code -F},
 * {@code -p} port and {@code --use_cuda=0} for GPU memory; NUMA placement is {@code numactl} as in
 * {@link CollieEngineCommands}. Per traffic a server on the receiving host and a client (the
 * requester, also for READ) on the sending one with the server's address last; perftest wants the
 * same test flags on both sides.
 *
 * <p>perftest sends one message shape per run (the paper, §4: it "only repeatedly send messages of a
 * fixed size"), so what it has no flag for is listed with a reason instead of being dropped silently:
 * several traffics of different shapes, request vectors of mixed sizes, more than one SGE per
 * message, MR counts other than one per process or per QP, MR sizes other than its own buffer, and
 * receive sizes other than the message size.
 */
public final class PerftestCommands {
    /** perftest's buffer for messages under a page is a page (BUFF_SIZE in perftest_resources.h, cycle_buffer = page size). */
    static final int PAGE = 4096;

    private PerftestCommands() {}

    /**
     * Where the commands run: the RDMA device, the GID index (null: perftest's default), the test
     * duration, the addresses the clients connect to on host A and host B, and the first TCP port.
     * Values are written as given, so shell variables such as {@code $DEV} stay for the user to set.
     */
    public record Settings(String device, String gidIndex, int durationSeconds, String addressA, String addressB, int firstPort) {
        public Settings {
            if (device == null || device.isBlank() || addressA == null || addressB == null) throw new IllegalArgumentException("device and addresses must be set");
            if (durationSeconds < 1 || firstPort < 1 || firstPort > 65535) throw new IllegalArgumentException("bad duration or port");
        }

        /** Shell variables in place of a testbed's values: {@code $DEV}, {@code $GID}, {@code $A_ADDR}, {@code $B_ADDR}. */
        public static Settings placeholders() {
            return new Settings("$DEV", "$GID", 10, "$A_ADDR", "$B_ADDR", 18515);
        }

        String address(String host) {
            return host.equals("A") ? addressA : addressB;
        }
    }

    /** A feature of the point perftest has no flag for: which, its value in the point, and why. */
    public record Gap(String feature, String value, String reason) {}

    /** The command lines that realise the expressible part of a point, and what they leave out. */
    public record Compiled(List<EngineCommand> commands, List<Gap> cannotExpress) {
        public Compiled {
            commands = List.copyOf(commands);
            cannotExpress = List.copyOf(cannotExpress);
        }

        /** Whether the commands reproduce the whole point. */
        public boolean exact() {
            return cannotExpress.isEmpty();
        }
    }

    public static Compiled compile(Point p, Settings s) {
        List<EngineCommand> out = new ArrayList<>();
        List<Gap> gaps = new ArrayList<>();
        if (p.mode() == Mode.BIDIRECTIONAL && p.traffic(0).equals(p.traffic(1))) {
            // two equal traffics in opposite directions are exactly perftest's bidirectional test
            pair(out, gaps, p.traffic(0), 0, new String[] {"A", "B"}, s, true, "");
        } else {
            for (int i = 0; i < p.traffics().size(); i++) {
                pair(out, gaps, p.traffic(i), i, CollieEngineCommands.hosts(p, i), s, false, p.traffics().size() > 1 ? "traffic " + i + " " : "");
            }
            if (p.traffics().size() > 1) {
                gaps.add(new Gap("traffics", p.mode().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                        "perftest runs one traffic shape per run: the " + p.traffics().size()
                                + " traffics are separate perftest pairs on their own ports, started one after the other, not one synchronised workload"));
            }
        }
        return new Compiled(out, gaps);
    }

    private static void pair(List<EngineCommand> out, List<Gap> gaps, Traffic t, int i, String[] hosts, Settings s, boolean bidirectional, String at) {
        int size = t.maxRequestBytes();
        if (t.minRequestBytes() != size) {
            List<Integer> sizes = t.requests().stream().map(Request::sizeBytes).toList();
            gaps.add(new Gap(at + "request sizes", sizes.toString(),
                    "perftest sends one message size per run (-s); the commands use the largest, " + size + " B"));
        }
        if (t.maxSges() > 1) {
            gaps.add(new Gap(at + "SGEs", String.valueOf(t.maxSges()), "perftest posts each message as one scatter-gather entry; it has no flag for more"));
        }
        if (t.opcode() == Opcode.SEND && t.recvSizeBytes() != size) {
            gaps.add(new Gap(at + "receive size", t.recvSizeBytes() + " B", "perftest posts receives of the message size (-s " + size + ")"));
        }
        memoryGaps(gaps, at + "sender", t.sender(), t.qps(), size);
        memoryGaps(gaps, at + "receiver", t.receiver(), t.qps(), size);
        int port = s.firstPort() + i;
        out.add(new EngineCommand(hosts[1], "server", i, argv(t, t.receiver(), s, port, bidirectional, size, null)));
        out.add(new EngineCommand(hosts[0], "client", i, argv(t, t.sender(), s, port, bidirectional, size, s.address(hosts[1]))));
    }

    private static void memoryGaps(List<Gap> gaps, String side, Endpoint e, int qps, int size) {
        if (e.mrs() != 1 && e.mrs() != qps) {
            gaps.add(new Gap(side + " MRs", String.valueOf(e.mrs()),
                    "perftest registers one MR per process, or one per QP with --mr_per_qp (" + qps + " here); no flag sets another count"));
        }
        int own = perftestMrBytes(size);
        if (e.mrSizeBytes() != own) {
            gaps.add(new Gap(side + " MR size", e.mrSizeBytes() + " B",
                    "perftest sizes its buffer from the message size, at least a page (" + own + " B on the space's grid here); no flag sets it"));
        }
    }

    /** The MR size perftest's buffer amounts to for messages of {@code size}, on the space's MR size grid. */
    public static int perftestMrBytes(int size) {
        return SearchSpace.MR_SIZE.ceil(Math.max(size, PAGE));
    }

    private static List<String> argv(Traffic t, Endpoint local, Settings s, int port, boolean bidirectional, int size, String connect) {
        List<String> a = new ArrayList<>(CollieEngineCommands.numactl(local));
        a.add(binary(t.opcode()));
        a.addAll(List.of("-d", s.device()));
        if (s.gidIndex() != null) a.addAll(List.of("-x", s.gidIndex()));
        a.addAll(List.of("-c", t.qpType().name()));
        a.addAll(List.of("-q", String.valueOf(t.qps())));
        a.addAll(List.of("-m", String.valueOf(t.mtu())));
        a.addAll(List.of("-s", String.valueOf(size)));
        a.addAll(List.of("-t", String.valueOf(t.sendDepth())));
        if (t.batch() > 1) a.addAll(List.of("-l", String.valueOf(t.batch())));
        if (t.opcode() == Opcode.SEND) {
            a.addAll(List.of("-r", String.valueOf(t.recvDepth())));
            if (t.recvBatch() > 1) a.add("--recv_post_list=" + t.recvBatch());
        }
        if (local.mrs() > 1 && local.mrs() == t.qps()) a.add("--mr_per_qp");
        if (local.memory() == Memory.GPU) a.add("--use_cuda=0");
        if (bidirectional) a.add("-b");
        a.addAll(List.of("-D", String.valueOf(s.durationSeconds())));
        a.add("--report_gbits");
        a.add("-F");
        a.addAll(List.of("-p", String.valueOf(port)));
        if (connect != null) a.add(connect);
        return a;
    }

    static String binary(Opcode op) {
        return switch (op) {
            case SEND -> "ib_send_bw";
            case WRITE -> "ib_write_bw";
            case READ -> "ib_read_bw";
        };
    }
}
