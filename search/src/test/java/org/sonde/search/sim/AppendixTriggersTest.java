package org.sonde.search.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.sonde.search.monitor.AnomalyMonitor;
import org.sonde.search.monitor.Symptom;
import org.sonde.search.space.Dimension;
import org.sonde.search.space.Endpoint;
import org.sonde.search.space.Memory;
import org.sonde.search.space.Mode;
import org.sonde.search.space.Opcode;
import org.sonde.search.space.Point;
import org.sonde.search.space.QpType;
import org.sonde.search.space.Request;
import org.sonde.search.space.SearchSpace;
import org.sonde.search.space.Traffic;

/** Each simplified trigger of the paper's appendix reproduces its anomaly on the model, and a one-feature change clears it. */
class AppendixTriggersTest {
    static final SearchSpace SPACE = new SearchSpace();

    /** A traffic as the appendix writes it: QPs, MTU, WQE batch, queue depth (both sides), requests of size/SGEs, MRs of a size. */
    static Traffic t(QpType type, Opcode op, int qps, int mtu, int batch, int depth, int mrs, int mrSize, int... sizeSges) {
        List<Request> reqs = new ArrayList<>();
        for (int i = 0; i < sizeSges.length; i += 2) reqs.add(new Request(sizeSges[i], sizeSges[i + 1]));
        int max = reqs.stream().mapToInt(Request::sizeBytes).max().orElseThrow();
        boolean recv = op == Opcode.SEND;
        return new Traffic(type, op, qps, mtu, batch, depth, 1, recv ? depth : 1, reqs, max,
                new Endpoint(Memory.LOCAL_NUMA, mrs, mrSize), new Endpoint(Memory.LOCAL_NUMA, mrs, mrSize));
    }

    static Point bi(Traffic t) {
        return new Point(Mode.BIDIRECTIONAL, List.of(t, t));
    }

    static UnaryOperator<Point> set(Dimension d, int value) {
        return p -> {
            Point q = p;
            for (int i = 0; i < p.traffics().size(); i++) q = SPACE.set(q, i, d, d == Dimension.REQUEST_SGES ? 0 : -1, value);
            return q;
        };
    }

    static Arguments trigger(String profile, String id, Symptom symptom, Point p, String change, UnaryOperator<Point> clear) {
        return Arguments.of(profile, id, symptom, p, change, clear);
    }

    static Stream<Arguments> triggers() {
        Traffic f9 = t(QpType.RC, Opcode.WRITE, 8, 4096, 8, 128, 1, 4 << 20, 128, 3, 65536, 3, 1024, 3);
        Traffic f11 = t(QpType.RC, Opcode.WRITE, 1, 4096, 16, 128, 32, 4 << 20, 262144, 1);
        Traffic f13 = t(QpType.RC, Opcode.WRITE, 8, 4096, 16, 128, 32, 4 << 20, 262144, 1);
        Point f11p = bi(f11).with(0, f11.withReceiver(f11.receiver().withMemory(Memory.REMOTE_NUMA)))
                .with(1, f11.withSender(f11.sender().withMemory(Memory.REMOTE_NUMA)));
        Point f12p = bi(f9.withSender(f9.sender().withMemory(Memory.GPU)).withReceiver(f9.receiver().withMemory(Memory.GPU)));
        return Stream.of(
                trigger("f-like", "F1", Symptom.PAUSE, Point.oneWay(t(QpType.UD, Opcode.SEND, 1, 2048, 64, 256, 1, 65536, 2048, 1)),
                        "receive queue 128", set(Dimension.RECV_DEPTH, 128)),
                trigger("f-like", "F2", Symptom.THROUGHPUT, Point.oneWay(t(QpType.UD, Opcode.SEND, 16, 1024, 4, 1024, 1, 65536, 1024, 1)),
                        "receive queue 512", set(Dimension.RECV_DEPTH, 512)),
                trigger("f-like", "F3", Symptom.PAUSE, Point.oneWay(t(QpType.RC, Opcode.READ, 8, 1024, 1, 128, 1, 4 << 20, 4 << 20, 1)),
                        "MTU 4K", set(Dimension.MTU, 4096)),
                trigger("f-like", "F4", Symptom.PAUSE, bi(t(QpType.RC, Opcode.READ, 80, 4096, 128, 128, 1, 65536, 128, 4)),
                        "one way", p -> SPACE.set(p, 0, Dimension.MODE, -1, Mode.ONE_WAY.ordinal())),
                trigger("f-like", "F5", Symptom.PAUSE, Point.oneWay(t(QpType.RC, Opcode.SEND, 1, 1024, 64, 1024, 1, 65536, 2048, 2)),
                        "MTU 4K", set(Dimension.MTU, 4096)),
                trigger("f-like", "F6", Symptom.THROUGHPUT, Point.oneWay(t(QpType.RC, Opcode.SEND, 32, 1024, 8, 1024, 1, 65536, 1024, 2)),
                        "1 SGE", set(Dimension.REQUEST_SGES, 1)),
                trigger("f-like", "F7", Symptom.THROUGHPUT, Point.oneWay(t(QpType.RC, Opcode.WRITE, 24, 1024, 1, 128, 16384, 65536, 512, 1)),
                        "WQE batch 2", set(Dimension.BATCH, 2)),
                trigger("f-like", "F8", Symptom.THROUGHPUT, Point.oneWay(t(QpType.RC, Opcode.WRITE, 512, 1024, 1, 16, 1, 65536, 512, 1)),
                        "work queue 32", set(Dimension.SEND_DEPTH, 32)),
                trigger("f-like", "F9", Symptom.PAUSE, bi(f9), "one way", p -> SPACE.set(p, 0, Dimension.MODE, -1, Mode.ONE_WAY.ordinal())),
                trigger("f-like", "F10", Symptom.PAUSE, bi(t(QpType.RC, Opcode.WRITE, 320, 1024, 64, 128, 1, 65536, 65536, 1, 128, 1, 128, 1, 128, 1)),
                        "WQE batch 32", set(Dimension.BATCH, 32)),
                trigger("f-like", "F11", Symptom.PAUSE, f11p, "B's memory on the NIC's socket", p -> SPACE.set(SPACE.set(p, 0, Dimension.RECEIVER_MEMORY, -1, 0), 1, Dimension.SENDER_MEMORY, -1, 0)),
                trigger("f-like", "F12", Symptom.PAUSE, f12p, "host memory", p -> {
                    Point q = p;
                    for (int i = 0; i < 2; i++) q = SPACE.set(SPACE.set(q, i, Dimension.SENDER_MEMORY, -1, 0), i, Dimension.RECEIVER_MEMORY, -1, 0);
                    return q;
                }),
                trigger("f-like", "F13", Symptom.PAUSE, new Point(Mode.LOOPBACK, List.of(f13, f13.withQps(16))), "no loopback (bidirectional)",
                        p -> SPACE.set(p, 0, Dimension.MODE, -1, Mode.BIDIRECTIONAL.ordinal())),
                trigger("h-like", "H14", Symptom.THROUGHPUT, bi(t(QpType.RC, Opcode.WRITE, 1024, 4096, 1, 128, 64, 262144, 65536, 4)),
                        "MTU 1K", set(Dimension.MTU, 1024)),
                trigger("h-like", "H15", Symptom.PAUSE, Point.oneWay(t(QpType.UD, Opcode.SEND, 32, 2048, 1, 64, 1, 4096, 256, 1, 1024, 1, 64, 1, 1024, 1)),
                        "receive queue 32", set(Dimension.RECV_DEPTH, 32)),
                trigger("h-like", "H16", Symptom.PAUSE, Point.oneWay(t(QpType.RC, Opcode.READ, 512, 1024, 8, 128, 1, 262144, 65536, 1)),
                        "MTU 2K", set(Dimension.MTU, 2048)),
                trigger("h-like", "H17", Symptom.PAUSE, Point.oneWay(t(QpType.RC, Opcode.SEND, 96, 1024, 1, 128, 1, 1 << 20, 1024, 1)),
                        "receive queue 64", set(Dimension.RECV_DEPTH, 64)),
                trigger("h-like", "H18", Symptom.PAUSE, bi(t(QpType.RC, Opcode.WRITE, 16, 1024, 16, 64, 1, 65536, 65536, 1)),
                        "MTU 4K", set(Dimension.MTU, 4096)));
    }

    @ParameterizedTest(name = "{1} ({2}); cleared by {4}")
    @MethodSource("triggers")
    void triggerReproducesAndOneChangeClears(String profile, String id, Symptom symptom, Point trigger, String change, UnaryOperator<Point> clear) {
        assertThat(SPACE.violations(trigger)).isEmpty();
        SimulatedSubsystem sim = new SimulatedSubsystem(Profile.bundled(profile), 1);
        AnomalyMonitor monitor = AnomalyMonitor.paper(sim.spec());
        assertThat(sim.truth(trigger)).contains(id);
        assertThat(monitor.judge(trigger, sim.run(trigger))).isEqualTo(Optional.of(symptom));
        Point cleared = clear.apply(trigger);
        assertThat(SPACE.violations(cleared)).isEmpty();
        assertThat(sim.truth(cleared)).doesNotContain(id);
        // where no other mechanism bites, the monitor sees nothing either
        if (sim.truth(cleared).isEmpty()) assertThat(monitor.judge(cleared, sim.run(cleared))).isEmpty();
    }
}
