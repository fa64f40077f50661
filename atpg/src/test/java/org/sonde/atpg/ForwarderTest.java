package org.sonde.atpg;

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
import org.sonde.dataplane.reach.Model;

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

    /**
     * The what-if forwards localisation asks agree with forwarding through a model where the
     * fault is real: a rule missing, or sending to another port of its device (every port tried),
     * for every rule a random header meets, dead ends included.
     */
    @Test
    void whatIfForwardsAgreeWithTheFaultedModel() {
        Model model = Model.of(Examples.threeSwitch());
        Forwarder f = new Forwarder(model);
        Random random = new Random(7);
        int changed = 0;
        for (int i = 0; i < 200; i++) {
            int ingress = new int[] {PA, PB, PC}[random.nextInt(3)];
            long[] h = {(10L << 24) | random.nextInt(1 << 18), random.nextBoolean() ? 80 : random.nextInt(1 << 16)};
            Forwarder.Trace trace = f.forward(ingress, h);
            for (String rule : Stream.concat(trace.rules().stream(), trace.deadEnds().stream()).toList()) {
                Forwarder.Trace without = f.forwardWithout(ingress, h, rule);
                assertThat(faulted(model, new Fault.RuleMissing(rule)).forward(ingress, h).arrivals()).isEqualTo(without.arrivals());
                if (!without.arrivals().equals(trace.arrivals())) changed++;
                String device = model.network().tables().stream()
                        .filter(t -> t.rules().stream().anyMatch(r -> r.id().equals(rule))).findFirst().orElseThrow().deviceId();
                for (var port : model.network().portsOf(device)) {
                    Forwarder.Trace redirected = f.forwardRedirecting(ingress, h, rule, port.id());
                    assertThat(faulted(model, new Fault.RuleWrongPort(rule, port.id())).forward(ingress, h).arrivals())
                            .as("%s to %d", rule, port.id()).isEqualTo(redirected.arrivals());
                    if (!redirected.arrivals().equals(trace.arrivals())) changed++;
                }
            }
        }
        assertThat(changed).isPositive();
    }

    private static Forwarder faulted(Model model, Fault fault) {
        Emulator.Faulted f = Emulator.inject(model, java.util.List.of(fault));
        return new Forwarder(f.model(), f.timing());
    }
}
