package org.sonde.sim.rdma;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.PfcThresholds;
import org.sonde.sim.net.Port;
import org.sonde.sim.net.PortTap;

/** Every data packet is marked CE at the switch; the receiver's CNPs must respect the interval within their scope. */
class CnpPacingTest {
    private static final long INTERVAL = 20_000;

    /** A CNP the receiver sent: when, to which IP and QP. */
    record Cnp(long time, int ip, int qp) {}

    /** A run in which the switch marks every data packet CE. */
    record Marked(DcqcnTest.Dumbbell bed, List<Cnp> cnps) {}

    private static List<Cnp> run(NicProfile.CnpScope scope, boolean rpEnabled) {
        NicProfile profile = NicProfile.neutral().withCnp(new NicProfile.Cnp(INTERVAL, scope, false));
        DcqcnConfig dcqcn = DcqcnConfig.DEFAULT.withEnables(rpEnabled, true);
        Marked m = markEverything(RoceConfig.defaults().withProfile(profile).withDcqcn(dcqcn), 1_000_000);
        DcqcnTest.Dumbbell d = m.bed();
        List<Cnp> cnps = m.cnps();
        Map<String, Long> rc = d.receiver.counterValues();
        assertThat(rc.get("np_cnp_sent")).isEqualTo(cnps.size());
        long sentByRp = d.senders.stream().mapToLong(n -> n.counterValues().get(rpEnabled ? "rp_cnp_handled" : "rp_cnp_ignored")).sum();
        assertThat(sentByRp).isEqualTo(cnps.size());
        return cnps;
    }

    /** Two QPs from h1 and one from h2 each write 2 MB to r for {@code untilNanos}, every data packet marked CE at the switch. */
    static Marked markEverything(RoceConfig config, long untilNanos) {
        DcqcnTest.Dumbbell d = new DcqcnTest.Dumbbell(21, 2, config, PfcThresholds.OFF);
        for (Port p : d.sw.ports()) p.setFilter((f, port) -> {
            if (f instanceof RoceFrame r && r.isData()) r.ecn = IpFrame.ECN_CE;
            return true;
        });
        List<Cnp> cnps = new ArrayList<>();
        d.receiver.port().addTap(new PortTap() {
            public boolean transmitted() { return true; }
            public boolean received() { return false; }
            public void record(long now, Frame f, Port port) {
                if (f instanceof RoceFrame r && r.isCnp()) cnps.add(new Cnp(now, r.destinationIp, r.destinationQp));
            }
        });
        for (RdmaNic s : List.of(d.senders.get(0), d.senders.get(0), d.senders.get(1))) {
            RdmaNic.connect(s, d.receiver)[0].post(WorkRequest.rc(0, Verb.WRITE, 2_000_000, null));
        }
        d.net.simulator().runUntil(untilNanos);
        return new Marked(d, cnps);
    }

    /** CNP times grouped by {@code key}, in order. */
    static Map<Object, List<Long>> byScope(List<Cnp> cnps, Function<Cnp, Object> key) {
        Map<Object, List<Long>> m = new LinkedHashMap<>();
        for (Cnp c : cnps) m.computeIfAbsent(key.apply(c), k -> new ArrayList<>()).add(c.time);
        return m;
    }

    /** Within a scope, consecutive CNPs are at least the interval apart, and (every packet being marked) at most a few packets later. */
    private static void assertPaced(Map<Object, List<Long>> scopes, int expectedScopes) {
        assertThat(scopes).hasSize(expectedScopes);
        for (List<Long> times : scopes.values()) {
            assertThat(times.size()).isGreaterThan(20);
            for (int i = 1; i < times.size(); i++) assertThat(times.get(i) - times.get(i - 1)).isBetween(INTERVAL, INTERVAL + 3_000);
        }
    }

    @Test
    void perQpScopePacesEachQpSeparately() {
        List<Cnp> cnps = run(NicProfile.CnpScope.QP, false);
        assertPaced(byScope(cnps, c -> c.qp), 3);
    }

    @Test
    void perDestinationIpScopeSharesTheIntervalAmongQpsOfOneHost() {
        List<Cnp> cnps = run(NicProfile.CnpScope.DESTINATION_IP, false);
        assertPaced(byScope(cnps, c -> c.ip), 2);
        // h1's two QPs share one interval: CNPs to h1 are never closer than the interval whatever their QP
        assertThat(byScope(cnps, c -> c.qp)).hasSize(3);
    }

    @Test
    void perPortScopeSendsOneCnpPerIntervalInAll() {
        List<Cnp> cnps = run(NicProfile.CnpScope.PORT, false);
        assertPaced(byScope(cnps, c -> "port"), 1);
    }

    @Test
    void cnpsReachTheReactionPointWhenItIsEnabled() {
        // run() checks rp_cnp_handled = CNPs; the senders slow down, so CNPs are sparser but never closer than the interval
        for (List<Long> times : byScope(run(NicProfile.CnpScope.QP, true), c -> c.qp).values()) {
            for (int i = 1; i < times.size(); i++) assertThat(times.get(i) - times.get(i - 1)).isGreaterThanOrEqualTo(INTERVAL);
        }
    }
}
