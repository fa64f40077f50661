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

/** Each point feature becomes its perftest flag, and what perftest has no flag for is listed with a reason. */
class PerftestCommandsTest {
    private static final PerftestCommands.Settings S = new PerftestCommands.Settings("mlx5_0", "3", 10, "10.0.0.1", "10.0.0.2", 18515);
    private static final Endpoint HOST = new Endpoint(Memory.LOCAL_NUMA, 1, 65536);

    private static Traffic write(int qps, int batch, int depth, int size) {
        Endpoint e = page(PerftestCommands.perftestMrBytes(size));
        return new Traffic(QpType.RC, Opcode.WRITE, qps, 1024, batch, depth, 1, 1, List.of(new Request(size, 1)), size, e, e);
    }

    private static Endpoint page(int bytes) {
        return new Endpoint(Memory.LOCAL_NUMA, 1, bytes);
    }

    private static PerftestCommands.Compiled compile(Point p) {
        return PerftestCommands.compile(p, S);
    }

    @Test
    void oneWayWriteIsAServerOnBAndAClientOnAWithTheSameTestFlags() {
        var c = compile(Point.oneWay(write(8, 16, 256, 65536)));
        assertThat(c.exact()).as("gaps: %s", c.cannotExpress()).isTrue();
        assertThat(c.commands()).extracting(EngineCommand::host, EngineCommand::role).containsExactly(
                org.assertj.core.groups.Tuple.tuple("B", "server"), org.assertj.core.groups.Tuple.tuple("A", "client"));
        String server = c.commands().get(0).line(), client = c.commands().get(1).line();
        assertThat(server).isEqualTo("numactl -N 0 -m 0 ib_write_bw -d mlx5_0 -x 3 -c RC -q 8 -m 1024 -s 65536 -t 256 -l 16 -D 10 --report_gbits -F -p 18515");
        assertThat(client).isEqualTo(server + " 10.0.0.2");
    }

    @Test
    void opcodeChoosesTheBinary() {
        Traffic read = new Traffic(QpType.RC, Opcode.READ, 1, 1024, 1, 16, 1, 1, List.of(new Request(65536, 1)), 65536, HOST, HOST);
        Traffic send = new Traffic(QpType.UD, Opcode.SEND, 1, 2048, 1, 16, 1, 64, List.of(new Request(2048, 1)), 2048, page(4096), page(4096));
        assertThat(compile(Point.oneWay(read)).commands().get(1).argv()).contains("ib_read_bw");
        assertThat(compile(Point.oneWay(send)).commands().get(1).argv()).contains("ib_send_bw");
        assertThat(compile(Point.oneWay(write(1, 1, 16, 4096))).commands().get(1).argv()).contains("ib_write_bw");
    }

    @Test
    void connectionTypeQpsMtuDepthAndSizeAreFlags() {
        Traffic uc = new Traffic(QpType.UC, Opcode.WRITE, 32, 4096, 1, 1024, 1, 1, List.of(new Request(512, 1)), 512, HOST, HOST);
        List<String> a = compile(Point.oneWay(uc)).commands().get(1).argv();
        assertThat(String.join(" ", a)).contains("-c UC", "-q 32", "-m 4096", "-t 1024", "-s 512").doesNotContain(" -l ");
    }

    @Test
    void sendSetsReceiveDepthAndReceivePostList() {
        Traffic send = new Traffic(QpType.RC, Opcode.SEND, 4, 1024, 8, 64, 16, 1024, List.of(new Request(1024, 1)), 1024, page(4096), page(4096));
        var c = compile(Point.oneWay(send));
        assertThat(c.exact()).isTrue();
        assertThat(c.commands().get(0).line()).contains("ib_send_bw", "-l 8", "-r 1024", "--recv_post_list=16");
        assertThat(compile(Point.oneWay(write(1, 1, 16, 4096))).commands().get(0).line()).doesNotContain("-r ", "--recv_post_list");
    }

    @Test
    void identicalBidirectionalTrafficsAreOnePairWithDashB() {
        Traffic t = write(16, 32, 64, 65536);
        var c = compile(new Point(Mode.BIDIRECTIONAL, List.of(t, t)));
        assertThat(c.exact()).isTrue();
        assertThat(c.commands()).hasSize(2);
        assertThat(c.commands()).allSatisfy(x -> assertThat(x.argv()).contains("-b"));
    }

    @Test
    void differentTrafficsAreSeparatePairsAndSaidToBeApproximate() {
        Traffic t0 = write(16, 32, 64, 65536), t1 = write(4, 1, 16, 4096);
        var c = compile(new Point(Mode.BIDIRECTIONAL, List.of(t0, t1)));
        assertThat(c.commands()).extracting(EngineCommand::host).containsExactly("B", "A", "A", "B");
        assertThat(c.commands().get(1).line()).endsWith("-p 18515 10.0.0.2");
        assertThat(c.commands().get(3).line()).endsWith("-p 18516 10.0.0.1");
        assertThat(c.commands()).noneSatisfy(x -> assertThat(x.argv()).contains("-b"));
        assertThat(c.cannotExpress()).extracting(PerftestCommands.Gap::feature).containsExactly("traffics");
    }

    @Test
    void loopbackRunsAClientOnAAgainstAServerOnA() {
        Traffic t = write(1, 1, 16, 4096);
        var c = compile(new Point(Mode.LOOPBACK, List.of(t, t)));
        assertThat(c.commands()).extracting(EngineCommand::host).containsExactly("A", "B", "A", "A");
        assertThat(c.commands().get(3).line()).endsWith("10.0.0.1");
        assertThat(c.cannotExpress()).extracting(PerftestCommands.Gap::feature).contains("traffics");
    }

    @Test
    void mixedRequestSizesUseTheLargestAndSaySo() {
        Traffic t = new Traffic(QpType.RC, Opcode.WRITE, 1, 1024, 1, 16, 1, 1, List.of(new Request(65536, 1), new Request(128, 1)), 65536, HOST, HOST);
        var c = compile(Point.oneWay(t));
        assertThat(c.commands().get(1).line()).contains("-s 65536");
        assertThat(c.cannotExpress()).singleElement().satisfies(g -> {
            assertThat(g.feature()).isEqualTo("request sizes");
            assertThat(g.value()).isEqualTo("[65536, 128]");
            assertThat(g.reason()).contains("one message size per run");
        });
    }

    @Test
    void moreThanOneSgeIsInexpressible() {
        Traffic t = new Traffic(QpType.RC, Opcode.WRITE, 1, 1024, 1, 16, 1, 1, List.of(new Request(4096, 4)), 4096, page(4096), page(4096));
        assertThat(compile(Point.oneWay(t)).cannotExpress()).extracting(PerftestCommands.Gap::feature, PerftestCommands.Gap::value)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("SGEs", "4"));
    }

    @Test
    void mrCountsOtherThanOneOrOnePerQpAreInexpressible() {
        Endpoint perQp = new Endpoint(Memory.LOCAL_NUMA, 8, 65536), many = new Endpoint(Memory.LOCAL_NUMA, 2048, 65536);
        Traffic t = new Traffic(QpType.RC, Opcode.WRITE, 8, 1024, 1, 16, 1, 1, List.of(new Request(65536, 1)), 65536, perQp, many);
        var c = compile(Point.oneWay(t));
        assertThat(c.commands().get(1).argv()).contains("--mr_per_qp");
        assertThat(c.commands().get(0).argv()).doesNotContain("--mr_per_qp");
        assertThat(c.cannotExpress()).extracting(PerftestCommands.Gap::feature, PerftestCommands.Gap::value)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("receiver MRs", "2048"));
    }

    @Test
    void mrSizesOtherThanPerftestsBufferAreInexpressible() {
        Endpoint big = new Endpoint(Memory.LOCAL_NUMA, 1, 16 << 20);
        Traffic t = new Traffic(QpType.RC, Opcode.WRITE, 1, 1024, 1, 16, 1, 1, List.of(new Request(512, 1)), 512, big, new Endpoint(Memory.LOCAL_NUMA, 1, 4096));
        assertThat(compile(Point.oneWay(t)).cannotExpress()).extracting(PerftestCommands.Gap::feature).containsExactly("sender MR size");
        assertThat(PerftestCommands.perftestMrBytes(512)).isEqualTo(4096);
        assertThat(PerftestCommands.perftestMrBytes(65536)).isEqualTo(65536);
    }

    @Test
    void receiveSizeAboveTheMessageIsInexpressibleForSend() {
        Traffic t = new Traffic(QpType.RC, Opcode.SEND, 1, 1024, 1, 16, 1, 64, List.of(new Request(1024, 1)), 4096, new Endpoint(Memory.LOCAL_NUMA, 1, 4096),
                new Endpoint(Memory.LOCAL_NUMA, 1, 4096));
        assertThat(compile(Point.oneWay(t)).cannotExpress()).extracting(PerftestCommands.Gap::feature).containsExactly("receive size");
    }

    @Test
    void gpuMemoryIsUseCudaAndRemoteNumaIsNumactl() {
        Traffic t = new Traffic(QpType.RC, Opcode.WRITE, 1, 1024, 1, 16, 1, 1, List.of(new Request(65536, 1)), 65536,
                new Endpoint(Memory.REMOTE_NUMA, 1, 65536), new Endpoint(Memory.GPU, 1, 65536));
        var c = compile(Point.oneWay(t));
        assertThat(c.exact()).isTrue();
        assertThat(c.commands().get(0).line()).startsWith("numactl -N 0 -m 0 ib_write_bw").contains("--use_cuda=0");
        assertThat(c.commands().get(1).line()).startsWith("numactl -N 1 -m 1 ib_write_bw").doesNotContain("--use_cuda");
    }

    @Test
    void placeholdersLeaveShellVariablesAndNoGidMeansNoDashX() {
        var c = PerftestCommands.compile(Point.oneWay(write(1, 1, 16, 4096)), PerftestCommands.Settings.placeholders());
        assertThat(c.commands().get(1).line()).contains("-d $DEV", "-x $GID").endsWith("$B_ADDR");
        var noGid = PerftestCommands.compile(Point.oneWay(write(1, 1, 16, 4096)), new PerftestCommands.Settings("mlx5_1", null, 5, "a", "b", 20000));
        assertThat(noGid.commands().get(1).argv()).doesNotContain("-x").contains("-D", "5", "20000");
    }
}
