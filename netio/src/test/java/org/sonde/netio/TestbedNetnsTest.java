package org.sonde.netio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.core.EnvironmentException;
import org.sonde.testkit.Netns;

/** Kept testbeds, multipath routes and bridges (needs root). */
@Tag("netns")
class TestbedNetnsTest {
    static final String PREFIX = "sonde-netio-kept";

    @Test
    void aKeptTestbedOutlivesItsHandleUntilDeletedAndAMultipathRouteHasEveryNextHop() {
        Testbed t = Netns.testbed("root and iproute2", () -> Testbed.builder(PREFIX).node("a").node("r1").node("r2").node("b")
                .link("a", "r1", "10.9.1.1/30", "r1", "a", "10.9.1.2/30")
                .link("a", "r2", "10.9.2.1/30", "r2", "a", "10.9.2.2/30")
                .multipathRoute("a", "10.9.9.0/24", List.of("10.9.1.2", "10.9.2.2"))
                .sysctl("a", "net.ipv4.fib_multipath_hash_policy", "1").keep().create());
        try (Testbed again = Testbed.builder("sonde-netio-kept-pid").node("x").create()) {
            assertThat(t.namespace("a")).isEqualTo(PREFIX + "-a");
            String routes = t.exec("a", "ip", "route", "show", "10.9.9.0/24");
            assertThat(routes).contains("nexthop via 10.9.1.2", "nexthop via 10.9.2.2");
            assertThat(t.exec("a", "sysctl", "-n", "net.ipv4.fib_multipath_hash_policy").strip()).isEqualTo("1");
            try (Testbed attached = Testbed.attach(PREFIX, List.of("a", "b"))) {
                assertThat(attached.namespace("b")).isEqualTo(PREFIX + "-b");
            }
            assertThat(NetNamespace.list()).contains(PREFIX + "-a", PREFIX + "-b"); // closing an attached testbed leaves it
            // the kept testbed's deletion takes PREFIX-NODE only, not a running testbed with a longer prefix
            assertThat(Testbed.deleteKept(PREFIX)).containsExactlyInAnyOrder(PREFIX + "-a", PREFIX + "-r1", PREFIX + "-r2", PREFIX + "-b");
            assertThat(NetNamespace.list()).contains(again.namespace("x")).noneMatch(n -> n.equals(PREFIX + "-a"));
            assertThatThrownBy(() -> Testbed.attach(PREFIX, List.of("a"))).isInstanceOf(EnvironmentException.class).hasMessageContaining("is not up");
        } finally {
            Testbed.deleteKept(PREFIX);
        }
    }

    /** Three hosts on one bridge in a fourth namespace reach each other's addresses over it, and a bridge needs its members' links. */
    @Test
    void aBridgeJoinsItsMembersIntoOneSegment() {
        try (Testbed t = Netns.testbed("root and iproute2", () -> Testbed.builder("sonde-netio-br").node("a").node("b").node("c").node("s")
                .link("a", "seg", "10.9.3.1/24", "s", "sa", null)
                .link("b", "seg", "10.9.3.2/24", "s", "sb", null)
                .link("c", "seg", "10.9.3.3/24", "s", "sc", null)
                .bridge("s", "br0", List.of("sa", "sb", "sc")).create())) {
            String bridge = t.exec("s", "ip", "-d", "link", "show", "br0");
            assertThat(bridge).contains("stp_state 0").contains("forward_delay 0");
            assertThat(t.exec("s", "ip", "-o", "link", "show", "master", "br0")).contains("sa@", "sb@", "sc@");
            // a host learns the others' MACs through the bridge: ARP crossed it both ways
            for (String peer : List.of("10.9.3.2", "10.9.3.3")) {
                t.call("a", () -> {
                    try (var s = java.nio.channels.DatagramChannel.open()) {
                        s.send(java.nio.ByteBuffer.wrap(new byte[] {1}), new java.net.InetSocketAddress(peer, 9));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    return null;
                });
            }
            long deadline = System.nanoTime() + 2_000_000_000L;
            String neighbours;
            do neighbours = t.exec("a", "ip", "neigh", "show", "dev", "seg");
            while (!(neighbours.contains("10.9.3.2 lladdr") && neighbours.contains("10.9.3.3 lladdr")) && System.nanoTime() < deadline);
            assertThat(neighbours).contains("10.9.3.2 lladdr", "10.9.3.3 lladdr");
        }
        assertThatThrownBy(() -> Testbed.builder("sonde-netio-br").node("s").bridge("s", "br0", List.of("sa")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sa is not an interface of s");
    }
}
