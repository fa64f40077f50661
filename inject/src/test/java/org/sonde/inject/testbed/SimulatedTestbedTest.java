package org.sonde.inject.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.core.Json;
import org.sonde.inject.Injection;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;

/** End-to-end runs on the simulated testbed with the neutral NIC. */
class SimulatedTestbedTest {
    static final TargetSpec.Simulated NEUTRAL = TargetSpec.parse("sim:neutral").simulated();

    @TempDir
    Path dir;

    static TestConfig config(String yaml) {
        return TestConfigLoader.parse(yaml, "test.yaml", "test");
    }

    /** Data packets of a QP in the trace, in order. */
    static List<TracePacket> data(List<TracePacket> trace, QpPair qp) {
        return trace.stream().filter(p -> p.isData() && !p.isReadRequest() && p.destQp() == qp.dataReceiver().qpn()
                && p.dstIp() == qp.dataReceiver().ip()).toList();
    }

    @Test
    void listing2MarksDropsAndDropsTheRetransmissionAgain() throws Exception {
        InjectionResult r = Injection.run(TestConfigLoader.load(Path.of("../examples/inject/listing2.yaml")), NEUTRAL, 1, dir);
        assertThat(r.integrity().pass()).as(r.integrity().reasons().toString()).isTrue();
        assertThat(r.traffic().complete()).isTrue();
        assertThat(r.traffic().messagesCompleted()).isEqualTo(20);
        List<TracePacket> trace = TraceDecoder.read(r.trace());
        assertThat(trace).hasSize((int) r.integrity().tracePackets());

        QpPair first = r.metadata().qps().get(0);
        List<TracePacket> q1 = data(trace, first);
        assertThat(q1).filteredOn(p -> p.event() != InjectedEvent.NONE).singleElement().satisfies(p -> {
            assertThat(p.event()).isEqualTo(InjectedEvent.ECN);
            assertThat(p.psn()).isEqualTo(Psn.add(first.firstDataPsn(), 3)); // the 4th packet
            assertThat(p.ecn()).isEqualTo(3);
        });
        assertThat(q1).hasSize(100); // no loss on the first QP

        QpPair second = r.metadata().qps().get(1);
        int fifth = Psn.add(second.firstDataPsn(), 4);
        List<TracePacket> q2 = data(trace, second);
        assertThat(q2).filteredOn(p -> p.event() == InjectedEvent.DROP).extracting(TracePacket::psn).containsExactly(fifth, fifth);
        assertThat(q2.stream().filter(p -> p.psn() == fifth)).hasSize(3); // sent, resent and dropped again, resent
        // the first loss is NAKed; the responder NAKs a sequence error once, so the resent PSN's second loss ends in a timeout
        assertThat(r.counters().responderNic()).containsEntry("np_ecn_marked_roce_packets", 1L).containsEntry("out_of_sequence", 1L);
        assertThat(r.counters().requesterNic()).containsEntry("packet_seq_err", 1L).containsEntry("local_ack_timeout_err", 1L);
        // the generator's own completion times: the second QP's first message waited out a timeout of 4.096 us * 2^14
        assertThat(r.traffic().qps()).extracting(GeneratorReport.Qp::completed).containsExactly(10, 10);
        assertThat(r.traffic().qps().get(0).maxCompletionNanos()).isLessThan(100_000);
        assertThat(r.traffic().qps().get(1).maxCompletionNanos()).isGreaterThan(67_108_864);
        assertThat(r.traffic().qps().get(1).totalCompletionNanos()).isGreaterThan(r.traffic().qps().get(1).maxCompletionNanos());
        assertThat(r.counters().switchIngress().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(trace.size());
        assertThat(Files.readString(dir.resolve("result.json"))).contains("\"pass\" : true").contains("np_ecn_marked_roce_packets");

        // the analyzers, run on the trace as it was merged: a spec-following NIC passes every check
        var analysis = Json.mapper().readTree(dir.resolve("analysis.json").toFile());
        assertThat(analysis.get("integrity").get("pass").asBoolean()).isTrue();
        assertThat(analysis.get("gbn").get("pass").asBoolean()).as(analysis.get("gbn").toString()).isTrue();
        assertThat(analysis.get("counters").get("pass").asBoolean()).as(analysis.get("counters").toString()).isTrue();
        assertThat(analysis.get("latency").get("nackGeneration")).hasSize(1);
        assertThat(analysis.get("latency").get("nackReaction")).hasSize(1);
        // the timeout is the QP's, 4.096 us * 2^14, seen at the switch between the two transmissions of the
        // PSN: the NIC restarted its timer when the NAK arrived, shortly before the lost copy left behind
        // the other QP's packets, so the switch sees a little less than the timer (never a link delay more)
        assertThat(analysis.get("latency").get("timeouts")).singleElement().satisfies(t ->
                assertThat(t.asLong()).isBetween((4096L << 14) - 2_000, 4096L << 14));
        assertThat(r.analysis().pass()).isTrue();
    }

    @Test
    void sameSeedSameBytes(@TempDir Path other) throws Exception {
        TestConfig c = config("traffic: {rdma-verb: write, num-qps: 2, num-msgs-per-qp: 3, message-size: 5000, "
                + "data-pkt-events: [{qpn: 2, psn: 3, type: drop}]}");
        Injection.run(c, NEUTRAL, 42, dir);
        Injection.run(c, NEUTRAL, 42, other);
        assertThat(Files.readAllBytes(dir.resolve("trace.pcap"))).isEqualTo(Files.readAllBytes(other.resolve("trace.pcap")));
        assertThat(Files.readAllBytes(dir.resolve("dumpers/dumper-2.pcap"))).isEqualTo(Files.readAllBytes(other.resolve("dumpers/dumper-2.pcap")));
    }

    @Test
    void readResponseDropIsRecoveredByAReRequestAcrossThePsnWrap() {
        TestConfig c = config("traffic: {rdma-verb: read, num-msgs-per-qp: 2, message-size: 8192, initial-psn: 16777212, "
                + "data-pkt-events: [{qpn: 1, psn: 6, type: drop}]}");
        InjectionResult r = Injection.run(c, NEUTRAL, 3, dir);
        assertThat(r.integrity().pass()).isTrue();
        assertThat(r.traffic().complete()).isTrue();
        List<TracePacket> trace = TraceDecoder.read(r.trace());
        QpPair qp = r.metadata().qps().getFirst();
        assertThat(qp.firstDataPsn()).isEqualTo(16777212);
        int sixth = Psn.add(16777212, 5); // 1 after the wrap
        assertThat(sixth).isEqualTo(1);
        assertThat(trace).filteredOn(p -> p.event() == InjectedEvent.DROP).singleElement().satisfies(p -> {
            assertThat(p.psn()).isEqualTo(sixth);
            assertThat(p.isReadResponse()).isTrue();
        });
        assertThat(trace).filteredOn(TracePacket::isReadRequest).extracting(TracePacket::psn).contains(sixth);
        assertThat(r.counters().requesterNic()).containsEntry("implied_nak_seq_err", 1L);
    }

    @Test
    void corruptionFailsOnlyTheReceiversIcrcCheck() {
        TestConfig c = config("traffic: {rdma-verb: send, message-size: 4096, data-pkt-events: [{qpn: 1, psn: 2, type: bit-error}]}");
        InjectionResult r = Injection.run(c, NEUTRAL, 5, dir);
        assertThat(r.traffic().complete()).isTrue();
        assertThat(r.counters().responderNic()).containsEntry("rx_icrc_encapsulated", 1L);
        assertThat(TraceDecoder.read(r.trace())).filteredOn(p -> p.event() == InjectedEvent.CORRUPT).hasSize(1);
    }

    @Test
    void aDumperThatFallsBehindMakesTheRunInvalid() {
        TestConfig c = config("""
                mirror:
                  dumpers:
                  - {name: fast, weight: 1}
                  - {name: slow, weight: 1, packets-per-second: 1000000, ring-packets: 8}
                traffic: {rdma-verb: write, num-qps: 4, num-msgs-per-qp: 4, message-size: 65536, tx-depth: 4}
                """);
        InjectionResult r = Injection.run(c, NEUTRAL, 7, dir);
        assertThat(r.traffic().complete()).isTrue();
        assertThat(r.integrity().pass()).isFalse();
        assertThat(r.integrity().reasons()).anySatisfy(s -> assertThat(s).contains("breaks in the mirror sequence numbers"));
    }

    /**
     * Under the paper's ITER a retransmission round lasts for the rest of the connection, so events of
     * round 1 after a loss sit on a second QP.
     */
    @Test
    void controlPacketEventsAndSondeActionsRun() {
        TestConfig c = config("""
                traffic:
                  rdma-verb: write
                  num-qps: 2
                  num-msgs-per-qp: 2
                  message-size: 8192
                  data-pkt-events:
                  - {qpn: 1, psn: 2, type: reorder, after-packets: 2}
                  - {qpn: 2, psn: 9, type: duplicate}
                  - {qpn: 2, psn: 12, type: rewrite, set: {mig-req: 0}}
                  - {qpn: 2, psn: 14, type: delay, delay: 20us}
                  ctrl-pkt-events:
                  - {packet: nak, qpn: 1, psn: 2, type: drop}
                """);
        InjectionResult r = Injection.run(c, NEUTRAL, 11, dir);
        assertThat(r.integrity().pass()).isTrue();
        assertThat(r.traffic().complete()).isTrue();
        assertThat(r.heldAtEnd()).isZero();
        List<TracePacket> trace = TraceDecoder.read(r.trace());
        QpPair first = r.metadata().qps().getFirst();
        QpPair second = r.metadata().qps().get(1);
        assertThat(trace).filteredOn(p -> p.event() == InjectedEvent.REORDER).singleElement().extracting(TracePacket::psn)
                .isEqualTo(Psn.add(first.firstDataPsn(), 1));
        // the held packet reaches the responder after two later ones: it NAKs PSN 2, and that first NAK is dropped
        assertThat(trace).filteredOn(p -> p.isNak() && p.event() == InjectedEvent.DROP).singleElement().satisfies(p -> {
            assertThat(p.psn()).isEqualTo(Psn.add(first.firstDataPsn(), 1));
            assertThat(p.destQp()).isEqualTo(first.requester().qpn());
        });
        assertThat(trace).filteredOn(p -> p.event() == InjectedEvent.REWRITE).singleElement().satisfies(p -> {
            assertThat(p.migReq()).isFalse();
            assertThat(p.psn()).isEqualTo(Psn.add(second.firstDataPsn(), 11));
        });
        assertThat(trace).filteredOn(p -> p.event() == InjectedEvent.DUPLICATE).singleElement().extracting(TracePacket::psn)
                .isEqualTo(Psn.add(second.firstDataPsn(), 8));
        assertThat(trace).filteredOn(p -> p.event() == InjectedEvent.DELAY).singleElement().extracting(TracePacket::psn)
                .isEqualTo(Psn.add(second.firstDataPsn(), 13));
        assertThat(r.counters().responderNic().get("duplicate_request")).isPositive();
        // QP 1: PSN 3 is out of sequence (its NAK dropped); the held PSN 2 then fills the gap, but 3 and 4 were
        // discarded, so PSN 5 is out of sequence again. QP 2: the delayed PSN 14 leaves a gap. Three episodes.
        assertThat(r.counters().responderNic().get("out_of_sequence")).isEqualTo(3);
    }
}
