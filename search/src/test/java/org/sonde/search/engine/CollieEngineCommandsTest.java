package org.sonde.search.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.search.space.Endpoint;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.Point;
import org.sonde.search.space.QpType;
import org.sonde.search.space.Request;
import org.sonde.search.space.Traffic;

/** A point compiles to collie_engine processes on the right hosts with its parameters. */
class CollieEngineCommandsTest {
    private static final Traffic T = new Traffic(QpType.UD, Opcode.SEND, 16, 2048, 4, 64, 8, 1024,
            List.of(new Request(256, 1), new Request(1024, 2)), 2048, new Endpoint(Memory.REMOTE_NUMA, 4, 65536), new Endpoint(Memory.GPU, 2, 16384));

    @Test
    void oneWayIsAServerOnBAndAClientOnA() {
        List<EngineCommand> cs = CollieEngineCommands.compile(Point.oneWay(T), "mlx5_0");
        assertThat(cs).extracting(EngineCommand::host, EngineCommand::role).containsExactly(
                org.assertj.core.groups.Tuple.tuple("B", "server"), org.assertj.core.groups.Tuple.tuple("A", "client"));
        String server = cs.get(0).line(), client = cs.get(1).line();
        assertThat(client).startsWith("numactl -N 1 -m 1 collie_engine").contains("--qp_type=4", "--mtu=4", "--qp_num=16", "--send_batch=4",
                "--send_wq_depth=64", "--request=256_1,1024_2", "--mr_num=4", "--buf_size=65536", "--connect=B", "--opcode=send");
        assertThat(server).startsWith("numactl -N 0 -m 0 collie_engine").contains("--use_cuda", "--recv_wq_depth=1024", "--recv_batch=8", "--receive=2048_1", "--server");
    }

    @Test
    void loopbackRunsTrafficOneInsideHostA() {
        List<EngineCommand> cs = CollieEngineCommands.compile(new Point(Mode.LOOPBACK, List.of(T, T)), "mlx5_0");
        assertThat(cs).extracting(EngineCommand::host).containsExactly("A", "B", "A", "A");
        assertThat(cs.get(3).line()).contains("--connect=A", "--port=3001");
    }
}
