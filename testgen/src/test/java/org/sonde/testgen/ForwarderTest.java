package org.sonde.testgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.dataplane.model.Examples.PA;
import static org.sonde.dataplane.model.Examples.PB;
import static org.sonde.dataplane.model.Examples.PC;

import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.model.Examples;

class ForwarderTest {
    /**
     * The observable elements of one forward are exactly those whose loss changes the arrivals
     * (copies per exit), found by forwarding again with each element dead: over random headers of
     * the three-switch example, where broadcasts send several copies to one exit.
     */
    @Test
    void observableElementsAreThoseWhoseLossChangesTheArrivals() {
        Forwarder f = new Forwarder(Model.of(Examples.threeSwitch()));
        Random random = new Random(5);
        int countedOnly = 0;
        for (int i = 0; i < 3_000; i++) {
            int ingress = new int[] {PA, PB, PC}[random.nextInt(3)];
            // 10.0/14 covers every prefix of the example; tp_dst 80 half of the time (rB3).
            long ip = (10L << 24) | random.nextInt(1 << 18);
            long[] h = {ip, random.nextBoolean() ? 80 : random.nextInt(1 << 16)};
            Forwarder.Trace trace = f.forward(ingress, h);
            Set<String> changing = Stream.concat(trace.rules().stream(), trace.links().stream())
                    .filter(e -> !f.forward(ingress, h, e).arrivals().equals(trace.arrivals()))
                    .collect(Collectors.toSet());
            assertThat(Set.copyOf(trace.observable())).as("header %s at %d", h, ingress).isEqualTo(changing);
            assertThat(trace.arrivals().keySet()).isEqualTo(trace.egress().keySet());
            countedOnly += (int) changing.stream()
                    .filter(e -> f.forward(ingress, h, e).egress().keySet().equals(trace.egress().keySet())).count();
        }
        // The property is not vacuous: some losses only show in the number of copies at an exit.
        assertThat(countedOnly).isPositive();
    }
}
