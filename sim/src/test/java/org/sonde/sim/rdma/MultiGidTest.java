package org.sonde.sim.rdma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.sonde.sim.net.SwitchConfig;

/** QPs bound to different addresses (GIDs) of their hosts, as Lumina's multi-gid runs them. */
class MultiGidTest {
    private static final long INTERVAL = 20_000;

    private static RoceBed bed(int gids, RoceConfig config) {
        return new RoceBed(5, config, config, SwitchConfig.DEFAULT, true, RoceBed.RATE, gids);
    }

    @Test
    void eachQpSendsAndIsAnsweredOnItsOwnGids() {
        RoceBed bed = bed(3, RoceConfig.defaults());
        List<WorkRequest.Completion> done = new ArrayList<>();
        Map<Integer, Integer> gidOfQpn = new TreeMap<>();
        for (int g = 0; g < 3; g++) {
            QueuePair[] qp = RdmaNic.connect(bed.nic1, RoceBed.address(g, 1), bed.nic2, RoceBed.address(g, 2));
            assertThat(qp[0].localIp()).isEqualTo(RoceBed.address(g, 1));
            assertThat(qp[0].remoteIp()).isEqualTo(RoceBed.address(g, 2));
            assertThat(qp[1].localIp()).isEqualTo(RoceBed.address(g, 2));
            gidOfQpn.put(qp[0].qpn(), g);
            gidOfQpn.put(qp[1].qpn(), g);
            qp[0].post(WorkRequest.rc(g, Verb.WRITE, 20_000, done::add));
        }
        bed.dropWhen(RoceBed.nth(3, RoceFrame::isData)); // a NAK and a retransmission on one GID
        bed.sim.run();
        assertThat(done).hasSize(3).allSatisfy(c -> assertThat(c.status()).isEqualTo(WorkRequest.Status.SUCCESS));
        assertThat(bed.seen(RoceBed::isNak)).hasSize(1);
        for (RoceFrame f : bed.seen) {
            int g = gidOfQpn.get(f.destinationQp);
            boolean toH2 = (f.destinationIp & 0xFF) == 2;
            assertThat(f.destinationIp).as(f.toString()).isEqualTo(RoceBed.address(g, toH2 ? 2 : 1));
            assertThat(f.sourceIp).as(f.toString()).isEqualTo(RoceBed.address(g, toH2 ? 1 : 2));
        }
        assertThat(bed.h1.undeliverable() + bed.h2.undeliverable()).isZero();
    }

    @Test
    void aQpIsBoundOnlyToAnAddressOfItsHost() {
        RoceBed bed = bed(2, RoceConfig.defaults());
        assertThatThrownBy(() -> RdmaNic.connect(bed.nic1, RoceBed.address(1, 2), bed.nic2, RoceBed.address(1, 2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("10.0.1.2 is not an address of host h1");
    }

    /** CNPs h2 sent, four QPs writing from h1 with QP i on GID i mod 2, every data packet marked CE at the switch. */
    private static List<CnpPacingTest.Cnp> cnps(NicProfile.CnpScope scope) {
        NicProfile profile = NicProfile.neutral().withCnp(new NicProfile.Cnp(INTERVAL, scope, false));
        RoceBed bed = bed(2, RoceConfig.defaults().withProfile(profile).withDcqcn(DcqcnConfig.DEFAULT.withEnables(false, true)));
        bed.markCeWhen(RoceFrame::isData);
        for (int i = 0; i < 4; i++) {
            RdmaNic.connect(bed.nic1, RoceBed.address(i % 2, 1), bed.nic2, RoceBed.address(i % 2, 2))[0]
                    .post(WorkRequest.rc(i, Verb.WRITE, 2_000_000, null));
        }
        bed.sim.runUntil(1_000_000);
        return bed.at2.stream().filter(e -> e.sent() && e.frame().isCnp())
                .map(e -> new CnpPacingTest.Cnp(e.time(), e.frame().destinationIp, e.frame().destinationQp)).toList();
    }

    /** The smallest gap between consecutive CNPs of any one group. */
    private static long smallestGap(List<CnpPacingTest.Cnp> cnps, Function<CnpPacingTest.Cnp, Object> group) {
        long min = Long.MAX_VALUE;
        for (List<Long> times : CnpPacingTest.byScope(cnps, group).values()) {
            for (int i = 1; i < times.size(); i++) min = Math.min(min, times.get(i) - times.get(i - 1));
        }
        return min;
    }

    @Test
    void aDestinationIpLimiterPacesEachRemoteGidSeparately() {
        List<CnpPacingTest.Cnp> cnps = cnps(NicProfile.CnpScope.DESTINATION_IP);
        assertThat(CnpPacingTest.byScope(cnps, CnpPacingTest.Cnp::ip)).containsOnlyKeys(RoceBed.address(0, 1), RoceBed.address(1, 1));
        assertThat(smallestGap(cnps, CnpPacingTest.Cnp::ip)).isGreaterThanOrEqualTo(INTERVAL);
        // two GIDs of one host, one port: closer than the interval, which a per-port limiter never allows
        assertThat(smallestGap(cnps, c -> "port")).isLessThan(INTERVAL);
    }

    @Test
    void aPortLimiterPacesAllGidsTogether() {
        List<CnpPacingTest.Cnp> cnps = cnps(NicProfile.CnpScope.PORT);
        assertThat(CnpPacingTest.byScope(cnps, CnpPacingTest.Cnp::ip)).hasSize(2);
        assertThat(smallestGap(cnps, c -> "port")).isGreaterThanOrEqualTo(INTERVAL);
    }

    @Test
    void aQpLimiterPacesQpsOfOneGidSeparately() {
        List<CnpPacingTest.Cnp> cnps = cnps(NicProfile.CnpScope.QP);
        assertThat(smallestGap(cnps, CnpPacingTest.Cnp::qp)).isGreaterThanOrEqualTo(INTERVAL);
        assertThat(smallestGap(cnps, CnpPacingTest.Cnp::ip)).isLessThan(INTERVAL);
    }
}
