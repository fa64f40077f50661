package org.sonde.sim.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class RoutesTest {
    /** A random network: switches joined at random (some unreachable), hosts on a switch or beside another host. */
    private static Network random(long seed, boolean shared) {
        Random r = new Random(seed);
        Network n = new Network(1);
        List<Switch> switches = new ArrayList<>();
        int s = 1 + r.nextInt(7);
        for (int i = 0; i < s; i++) switches.add(n.addSwitch("s" + i, SwitchConfig.DEFAULT));
        for (int i = 0; i < s * 2; i++) {
            Switch a = switches.get(r.nextInt(s)), b = switches.get(r.nextInt(s));
            if (a != b) n.connect(a, b, 10_000_000_000L, 1_000);
        }
        // a host has one NIC: on a switch, or (now and then) joined to a second host only
        int h = 1 + r.nextInt(12);
        for (int i = 0; i < h; i++) {
            Host host = n.addHost("h" + i, HostConfig.DEFAULT);
            if (r.nextInt(6) == 0) n.connect(host, n.addHost("peer" + i, HostConfig.DEFAULT), 10_000_000_000L, 1_000);
            else n.connect(host, switches.get(r.nextInt(s)), 10_000_000_000L, 1_000);
            if (r.nextInt(4) == 0) n.addAddress(host, 0x0B00_0000 | i);
        }
        if (shared) n.computeRoutes();
        else n.computeRoutesHostByHost();
        return n;
    }

    @Property(tries = 300)
    void routesSharedPerSwitchAreThoseOfOneSearchPerHost(@ForAll long seed) {
        Network shared = random(seed, true), reference = random(seed, false);
        for (Switch s : reference.switches()) {
            Switch t = (Switch) shared.node(s.name());
            for (Host h : reference.hosts()) {
                for (int ip : h.addresses()) assertThat(t.routes(ip)).as("%s to %s", s, h).isEqualTo(s.routes(ip));
            }
        }
    }

    @Test
    void aFatTreesSharedRoutesAreThoseOfOneSearchPerHost() {
        for (int k : new int[] {2, 4, 6}) {
            Network shared = new Network(1), reference = new Network(1);
            LinkSpec link = new LinkSpec(10_000_000_000L, 1_000);
            new Topologies(shared, SwitchConfig.DEFAULT, HostConfig.DEFAULT).fatTree(k, link, link);
            new Topologies(reference, SwitchConfig.DEFAULT, HostConfig.DEFAULT).fatTree(k, link, link);
            shared.computeRoutes();
            reference.computeRoutesHostByHost();
            for (Switch s : reference.switches()) {
                Switch t = (Switch) shared.node(s.name());
                for (Host h : reference.hosts()) assertThat(t.routes(h.ip())).as("k %d, %s to %s", k, s, h).isEqualTo(s.routes(h.ip()));
            }
        }
    }

    @Test
    void aDumbbellOfAHundredThousandPairsRoutesEveryHostBothWays() {
        Network n = new Network(1);
        Switch left = n.addSwitch("left", SwitchConfig.DEFAULT), right = n.addSwitch("right", SwitchConfig.DEFAULT);
        n.connect(left, right, 10_000_000_000L, 1_000);
        for (int i = 0; i < 100_000; i++) {
            n.connect(n.addHost("l" + i, HostConfig.DEFAULT), left, 10_000_000_000L, 1_000);
            n.connect(n.addHost("r" + i, HostConfig.DEFAULT), right, 10_000_000_000L, 1_000);
        }
        n.computeRoutes();
        Host l7 = (Host) n.node("l7"), r9 = (Host) n.node("r9");
        assertThat(left.routes(r9.ip())).containsExactly(0);   // port 0 is the bottleneck
        assertThat(right.routes(l7.ip())).containsExactly(0);
        assertThat(left.routes(l7.ip())).containsExactly(1 + 7);
    }
}
