package org.sonde.search.space;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The repairs that keep a changed dimension and move its dependents. */
class SearchSpaceTest {
    private final SearchSpace space = new SearchSpace();

    private static Traffic rcSend() {
        return new Traffic(QpType.RC, Opcode.SEND, 4, 1024, 8, 64, 4, 64, List.of(new Request(4096, 2)), 4096,
                new Endpoint(Memory.LOCAL_NUMA, 4, 65536), new Endpoint(Memory.LOCAL_NUMA, 4, 65536));
    }

    @Test
    void aLargerBatchRaisesTheDepthAndASmallerDepthLowersTheBatch() {
        Point p = Point.oneWay(rcSend());
        assertThat(space.violations(p)).isEmpty();
        Point up = space.set(p, 0, Dimension.BATCH, -1, 256);
        assertThat(up.traffic(0).batch()).isEqualTo(256);
        assertThat(up.traffic(0).sendDepth()).isEqualTo(256);
        Point down = space.set(p, 0, Dimension.SEND_DEPTH, -1, 2);
        assertThat(down.traffic(0).sendDepth()).isEqualTo(2);
        assertThat(down.traffic(0).batch()).isEqualTo(2);
    }

    @Test
    void udShrinksMessagesToTheMtuAndALargerUdMessageRaisesTheMtu() {
        Point p = Point.oneWay(rcSend());
        Point ud = space.set(p, 0, Dimension.QP_TYPE, -1, QpType.UD.ordinal());
        assertThat(ud.traffic(0).opcode()).isEqualTo(Opcode.SEND);
        assertThat(ud.traffic(0).maxRequestBytes()).isEqualTo(1024);
        Point bigger = space.set(ud, 0, Dimension.REQUEST_SIZE, 0, 4096);
        assertThat(bigger.traffic(0).mtu()).isEqualTo(4096);
        // the MTU going down under UD shrinks the messages (the public code's check never fires)
        Point smaller = space.set(bigger, 0, Dimension.MTU, -1, 1024);
        assertThat(smaller.traffic(0).maxRequestBytes()).isEqualTo(1024);
    }

    @Test
    void readOnUcBecomesWriteAndReadOnUdMovesToRc() {
        Traffic read = rcSend().withOpcode(Opcode.READ);
        Point p = space.set(Point.oneWay(rcSend()), 0, Dimension.OPCODE, -1, Opcode.READ.ordinal());
        assertThat(p.traffic(0)).extracting(Traffic::opcode, Traffic::recvDepth, Traffic::recvSizeBytes).containsExactly(Opcode.READ, 1, 4096);
        Point uc = space.set(p, 0, Dimension.QP_TYPE, -1, QpType.UC.ordinal());
        assertThat(uc.traffic(0).opcode()).isEqualTo(Opcode.WRITE);
        Point udRead = space.set(Point.oneWay(read), 0, Dimension.QP_TYPE, -1, QpType.UD.ordinal());
        Point back = space.set(udRead, 0, Dimension.OPCODE, -1, Opcode.READ.ordinal());
        assertThat(back.traffic(0).qpType()).isEqualTo(QpType.RC);
    }

    @Test
    void pinnedMemoryStaysWithinTheGpuAndHostLimits() {
        Point p = Point.oneWay(rcSend());
        Point many = space.set(p, 0, Dimension.SENDER_MRS, -1, 200_000);
        many = space.set(many, 0, Dimension.SENDER_MR_SIZE, -1, 16 << 20);
        assertThat(many.traffic(0).sender().pinnedBytes()).isLessThanOrEqualTo(SearchSpace.HOST_PIN_LIMIT);
        Point gpu = space.set(many, 0, Dimension.SENDER_MEMORY, -1, Memory.GPU.ordinal());
        assertThat(gpu.traffic(0).sender().memory()).isEqualTo(Memory.GPU);
        assertThat(gpu.traffic(0).sender().pinnedBytes()).isLessThanOrEqualTo(SearchSpace.GPU_PIN_LIMIT);
        assertThat(space.violations(gpu)).isEmpty();
    }

    @Test
    void aStepIsRepeatedInTheSameDirectionUntilTheDomainEnds() {
        Point p = Point.oneWay(rcSend());
        Point up = space.set(p, 0, Dimension.QPS, -1, 6);
        Mutation last = new Mutation(up, Dimension.QPS, 0, -1, Move.NEIGHBOUR);
        Mutation again = space.repeat(up, last, p).orElseThrow();
        assertThat(again.point().traffic(0).qps()).isEqualTo(8);
        assertThat(again.dimension()).isEqualTo(Dimension.QPS);
        Point down = space.set(p, 0, Dimension.QPS, -1, 1);
        assertThat(space.repeat(down, new Mutation(down, Dimension.QPS, 0, -1, Move.JUMP), p)).isEmpty();
        Point ud = space.set(p, 0, Dimension.QP_TYPE, -1, QpType.UD.ordinal());
        assertThat(space.repeat(ud, new Mutation(ud, Dimension.QP_TYPE, 0, -1, Move.JUMP), p)).isEmpty();
    }

    @Test
    void violationsNameWhatIsWrong() {
        Traffic bad = new Traffic(QpType.UD, Opcode.READ, 5, 1024, 64, 8, 1, 1, List.of(new Request(8192, 4)), 64,
                new Endpoint(Memory.GPU, 200_000, 16 << 20), new Endpoint(Memory.LOCAL_NUMA, 1, 4096));
        List<String> v = space.violations(Point.oneWay(bad));
        assertThat(String.join("\n", v)).contains("UD cannot carry READ", "qps 5 is not in the domain", "send depth 8 < batch 64",
                "UD message 8192 B > MTU 1024", "pins", "receiver MR of 4096 B < message");
    }
}
