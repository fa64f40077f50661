package org.sonde.inject.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.inject.Injection;
import org.sonde.inject.analyze.CnpResult;
import org.sonde.inject.analyze.CnpScope;
import org.sonde.inject.config.CaptureMetadataFile;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.mirror.TraceDecoder;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Ipv4Address;

/** Lumina's multi-gid on the simulated testbed: QP i uses each host's address i mod its address count. */
class MultiGidTest {
    @TempDir
    Path dir;

    /** Three 10 KB WRITEs per QP. */
    private static final String SHORT = "message-size: 10240, num-msgs-per-qp: 3, ";

    private static TestConfig config(String hosts, String traffic) {
        return TestConfigLoader.parse(hosts + "traffic: {rdma-verb: write, " + traffic + "}\n", "multi-gid.yaml", "multi-gid");
    }

    private static int ip(String text) {
        return Ipv4Address.parse(text).value();
    }

    private static List<Integer> requesterIps(InjectionResult r) {
        return r.metadata().qps().stream().map(q -> q.requester().ip()).toList();
    }

    private static List<Integer> responderIps(InjectionResult r) {
        return r.metadata().qps().stream().map(q -> q.responder().ip()).toList();
    }

    @Test
    void qpsTakeTheFourDefaultAddressesInTurnAndRecoverAsWithOne() throws Exception {
        InjectionResult r = Injection.run(config("", SHORT + "num-qps: 6, multi-gid: true, data-pkt-events: ["
                + "{qpn: 5, psn: 4, type: drop, iter: 1}, {qpn: 6, psn: 2, type: drop, iter: 1}, {qpn: 2, psn: 7, type: ecn, iter: 1}]"),
                SimulatedTestbedTest.NEUTRAL, 3, dir);
        assertThat(requesterIps(r)).containsExactly(ip("10.0.0.1"), ip("10.0.1.1"), ip("10.0.2.1"), ip("10.0.3.1"), ip("10.0.0.1"), ip("10.0.1.1"));
        assertThat(responderIps(r)).containsExactly(ip("10.0.0.2"), ip("10.0.1.2"), ip("10.0.2.2"), ip("10.0.3.2"), ip("10.0.0.2"), ip("10.0.1.2"));
        List<TracePacket> trace = TraceDecoder.read(r.trace());
        for (QpPair qp : r.metadata().qps()) {
            // every packet of a QP, either way, travels between its two GIDs
            List<TracePacket> mine = trace.stream().filter(p -> p.dstIp() == qp.requester().ip() && p.destQp() == qp.requester().qpn()
                    || p.dstIp() == qp.responder().ip() && p.destQp() == qp.responder().qpn()).toList();
            assertThat(SimulatedTestbedTest.data(trace, qp)).hasSizeGreaterThanOrEqualTo(30);
            assertThat(mine).allSatisfy(p -> assertThat(List.of(p.srcIp(), p.dstIp()))
                    .containsExactlyInAnyOrder(qp.requester().ip(), qp.responder().ip()));
        }
        assertThat(r.integrity().pass()).as(r.integrity().reasons().toString()).isTrue();
        assertThat(r.traffic().complete()).isTrue();
        assertThat(r.analysis().gbn().pass()).as(r.analysis().gbn().reasons().toString()).isTrue();
        assertThat(r.analysis().counters().pass()).as(r.analysis().counters().reasons().toString()).isTrue();
        assertThat(r.counters().requesterNic()).containsEntry("packet_seq_err", 2L);
        assertThat(r.analysis().cnp().misdirectedCnps()).isZero();
        assertThat(r.analysis().cnp().cnps()).isEqualTo(1);
        // the metadata file a later `sonde inject analyze` reads keeps each QP's addresses
        assertThat(CaptureMetadataFile.load(dir.resolve(Injection.METADATA_FILE)).metadata()).isEqualTo(r.metadata());
    }

    @Test
    void ipListsGiveTheHostsTheirAddressesAndOnlyTheFirstIsUsedWithoutMultiGid() {
        String hosts = """
                requester: {nic: {ip-list: [192.168.1.1, 192.168.2.1]}}
                responder: {nic: {ip-list: [192.168.1.2, 192.168.2.2, 192.168.3.2]}}
                """;
        InjectionResult multi = Injection.run(config(hosts, SHORT + "num-qps: 4, multi-gid: true"), SimulatedTestbedTest.NEUTRAL, 1, dir.resolve("multi"));
        assertThat(requesterIps(multi)).containsExactly(ip("192.168.1.1"), ip("192.168.2.1"), ip("192.168.1.1"), ip("192.168.2.1"));
        assertThat(responderIps(multi)).containsExactly(ip("192.168.1.2"), ip("192.168.2.2"), ip("192.168.3.2"), ip("192.168.1.2"));
        assertThat(multi.integrity().pass()).isTrue();
        assertThat(multi.traffic().complete()).isTrue();
        InjectionResult single = Injection.run(config(hosts, SHORT + "num-qps: 3"), SimulatedTestbedTest.NEUTRAL, 1, dir.resolve("single"));
        assertThat(requesterIps(single)).containsOnly(ip("192.168.1.1"));
        assertThat(responderIps(single)).containsOnly(ip("192.168.1.2"));
        assertThat(single.traffic().complete()).isTrue();
        InjectionResult plain = Injection.run(config("", SHORT + "num-qps: 3"), SimulatedTestbedTest.NEUTRAL, 1, dir.resolve("plain"));
        assertThat(requesterIps(plain)).containsOnly(ip("10.0.0.1"));
        assertThat(responderIps(plain)).containsOnly(ip("10.0.0.2"));
    }

    /**
     * The CNP analyzer's inference on {@code profile}: four WRITE QPs, QP i on GID i mod 2 with multi-gid,
     * every data packet ECN-marked, reaction points off so the QPs keep sending at line rate. Without
     * multi-gid all QPs use the first address of each list.
     */
    private CnpResult.Inference inferredCnpLimiter(String profile, boolean multiGid) {
        String hosts = """
                roce-parameters: {dcqcn-rp-enable: false}
                requester: {nic: {ip-list: [10.0.0.1, 10.0.1.1]}}
                responder: {nic: {ip-list: [10.0.0.2, 10.0.1.2]}}
                """;
        StringBuilder events = new StringBuilder();
        for (int qp = 1; qp <= 4; qp++) events.append(qp > 1 ? ", " : "").append("{qpn: ").append(qp).append(", psn: all, type: ecn}");
        // ten 100 KB messages per QP: about 130 µs at 100 Gb/s, dozens of 4 µs CNP intervals
        TestConfig c = config(hosts, "message-size: 102400, num-msgs-per-qp: 10, num-qps: 4, tx-depth: 3, multi-gid: " + multiGid + ", data-pkt-events: [" + events + "]");
        InjectionResult r = Injection.run(c, TargetSpec.parse("sim:" + profile).simulated(), 1, dir.resolve(profile + "-" + multiGid));
        assertThat(r.integrity().pass()).isTrue();
        assertThat(r.analysis().cnp().cnps()).isGreaterThan(20);
        return r.analysis().cnp().inferred();
    }

    @Test
    void withSeveralGidsCnpLimitingPerDestinationIpIsToldApartFromPerPort() {
        CnpResult.Inference cx4 = inferredCnpLimiter("cx4lx-like", true), cx5 = inferredCnpLimiter("cx5-like", true);
        assertThat(cx4.scope()).isEqualTo(CnpScope.PER_DEST_IP);
        assertThat(cx4.mismatch()).isZero();
        // GID g of the requester talks only to GID g of the responder: per IP pair groups CNPs as per destination IP
        assertThat(cx4.consistentScopes()).containsExactly(CnpScope.PER_DEST_IP, CnpScope.PER_IP_PAIR);
        assertThat(cx5.scope()).isEqualTo(CnpScope.PER_PORT);
        assertThat(cx5.mismatch()).isZero();
        assertThat(cx5.consistentScopes()).containsExactly(CnpScope.PER_PORT);
    }

    @Test
    void withOneGidPerHostPerDestinationIpLooksLikePerPort() {
        // the reason for multi-gid: one address per host puts every CNP in the same destination-IP limiter
        assertThat(inferredCnpLimiter("cx4lx-like", false).consistentScopes()).contains(CnpScope.PER_PORT, CnpScope.PER_DEST_IP);
    }
}
