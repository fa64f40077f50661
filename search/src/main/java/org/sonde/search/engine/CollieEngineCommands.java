package org.sonde.search.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.sonde.search.space.Endpoint;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Point;
import org.sonde.search.space.QpType;
import org.sonde.search.space.Request;
import org.sonde.search.space.Traffic;

/**
 * Compiles a point into the command lines of Collie's workload engine ({@code collie_engine}, the
 * flags of its public code): per traffic a server on the receiving host and a client on the
 * sending one, each pinned with {@code numactl} to the NUMA node of its memory, on its own port.
 * A request vector is written {@code size_sges} per element, comma-separated. GPU memory is
 * {@code --use_cuda --gpu_id=0}. Traffic 1 runs B to A (bidirectional) or A to A (loopback, whose
 * traffic 0 then runs B to A).
 */
public final class CollieEngineCommands {
    private static final int FIRST_PORT = 3000;

    private CollieEngineCommands() {}

    /** Host names of traffic {@code i}'s sender and receiver. */
    public static String[] hosts(Point p, int i) {
        if (i == 0) return p.mode() == Mode.LOOPBACK ? new String[] {"B", "A"} : new String[] {"A", "B"};
        return p.mode() == Mode.LOOPBACK ? new String[] {"A", "A"} : new String[] {"B", "A"};
    }

    public static List<EngineCommand> compile(Point p, String device) {
        return compile(p, device, h -> h);
    }

    /** As {@link #compile(Point, String)}, clients connecting to {@code address} of the server's host letter. */
    public static List<EngineCommand> compile(Point p, String device, java.util.function.UnaryOperator<String> address) {
        List<EngineCommand> out = new ArrayList<>();
        for (int i = 0; i < p.traffics().size(); i++) {
            Traffic t = p.traffic(i);
            String[] h = hosts(p, i);
            int port = FIRST_PORT + i;
            out.add(new EngineCommand(h[1], "server", i, argv(t, t.receiver(), device, port, null)));
            out.add(new EngineCommand(h[0], "client", i, argv(t, t.sender(), device, port, address.apply(h[1]))));
        }
        return out;
    }

    private static List<String> argv(Traffic t, Endpoint e, String device, int port, String connect) {
        List<String> a = new ArrayList<>(numactl(e));
        a.add("collie_engine");
        a.add("--dev=" + device);
        a.add("--port=" + port);
        a.add("--qp_num=" + t.qps());
        a.add("--qp_type=" + engineQpType(t.qpType()));
        a.add("--mtu=" + mtuCode(t.mtu()));
        a.add("--mr_num=" + e.mrs());
        a.add("--buf_num=1");
        a.add("--buf_size=" + e.mrSizeBytes());
        a.add("--send_batch=" + t.batch());
        a.add("--send_wq_depth=" + t.sendDepth());
        a.add("--recv_batch=" + t.recvBatch());
        a.add("--recv_wq_depth=" + t.recvDepth());
        a.add("--opcode=" + t.opcode().name().toLowerCase(java.util.Locale.ROOT));
        StringJoiner req = new StringJoiner(",");
        for (Request r : t.requests()) req.add(r.sizeBytes() + "_" + r.sges());
        a.add("--request=" + req);
        a.add("--receive=" + t.recvSizeBytes() + "_1");
        a.add("--tos=105");
        if (e.memory() == Memory.GPU) {
            a.add("--use_cuda");
            a.add("--gpu_id=0");
        }
        if (connect == null) a.add("--server");
        else {
            a.add("--connect=" + connect);
            a.add("--run_infinitely");
        }
        return a;
    }

    /** The {@code numactl} prefix that pins a process and its memory to the endpoint's NUMA node (node 0 is the NIC's, 1 the other socket). */
    static List<String> numactl(Endpoint e) {
        int node = e.memory() == Memory.REMOTE_NUMA ? 1 : 0;
        return List.of("numactl", "-N", String.valueOf(node), "-m", String.valueOf(node));
    }

    /** The engine's QP type codes (ibverbs' enum values). */
    static int engineQpType(QpType t) {
        return switch (t) {
            case RC -> 2;
            case UC -> 3;
            case UD -> 4;
        };
    }

    /** The engine's MTU codes (ibverbs' IBV_MTU_1024 = 3 ...). */
    static int mtuCode(int mtu) {
        return switch (mtu) {
            case 256 -> 1;
            case 512 -> 2;
            case 1024 -> 3;
            case 2048 -> 4;
            case 4096 -> 5;
            default -> throw new IllegalArgumentException("no RDMA MTU " + mtu);
        };
    }
}
