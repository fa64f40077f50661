package org.sonde.netio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.core.EnvironmentException;
import org.sonde.testkit.Netns;

/** Kept testbeds and multipath routes (needs root). */
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
}
