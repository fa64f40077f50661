package org.sonde.atpg;

import org.sonde.testkit.Datasets;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.reach.Model;
import org.sonde.dataplane.reach.ReachOptions;

/**
 * Seeded property on the Stanford hassel model: for 100 random single-rule faults (drop, missing,
 * wrong port, in turn) that some regular test detects, the faulty rule is always among the final
 * suspects. Every drop is detected; a missing rule whose packets fall to a rule doing the same is
 * not, and counts as undetected. Prints the suspect-set sizes.
 */
@Tag("datasets")
class StanfordLocalisationTest {
    @Test
    void faultyRuleIsAlwaysSuspected() {
        ModelSource.Loaded loaded = new ModelSource("hassel", Datasets.dir("stanford-hassel-ip").toString()).load();
        Model model = loaded.model();
        Network network = model.network();
        List<Integer> sources = loaded.terminals();
        long t0 = System.nanoTime();
        Suite suite = Selector.select(model, SelectOptions.of(sources, Cover.RULES));
        double seconds = (System.nanoTime() - t0) / 1e9;
        // Every reachable rule is covered: test agents count copies, so no branch masks another.
        assertThat(suite.summary().coverage()).isEqualTo(1.0);
        assertThat(suite.unobserved()).isEmpty();
        // The concrete forwarder retraces every path reachability reported: the two agree.
        assertThat(suite.summary().unverifiedPaths()).isZero();

        List<String> faultable = new ArrayList<>(new TreeSet<>(suite.tests().stream()
                .flatMap(t -> t.observed().stream()).filter(e -> network.rule(e).isPresent())
                .filter(e -> !(network.rule(e).orElseThrow().actions().getLast() instanceof org.sonde.dataplane.model.Action.Drop))
                .toList()));
        Random random = new Random(20_260_121L);
        List<Integer> sizes = new ArrayList<>();
        int undetected = 0, partial = 0;
        for (int i = 0; i < 100; i++) {
            String rule = faultable.get(random.nextInt(faultable.size()));
            String device = network.tables().stream()
                    .filter(t -> t.rules().stream().anyMatch(r -> r.id().equals(rule))).findFirst().orElseThrow().deviceId();
            List<Port> ports = network.portsOf(device);
            Fault fault = switch (i % 3) {
                case 0 -> new Fault.RuleDrop(rule);
                case 1 -> new Fault.RuleMissing(rule);
                default -> new Fault.RuleWrongPort(rule, ports.get(random.nextInt(ports.size())).id());
            };
            List<Emulator.Result> results = Emulator.run(model, suite, List.of(fault), 1_000);
            if (results.stream().filter(r -> !r.reserved()).allMatch(Emulator.Result::pass)) {
                assertThat(fault).as("every drop of an observed rule is detected").isNotInstanceOf(Fault.RuleDrop.class);
                undetected++;
                continue;
            }
            Localizer.Localization l = Localizer.localize(Localizer.observations(suite, results), model, suite);
            assertThat(l.suspects()).as(fault.toString()).contains(rule);
            sizes.add(l.suspects().size());
            if (l.partial()) partial++;
        }
        sizes.sort(null);
        System.out.printf("stanford-hassel-ip: %s, selection %.1f s; %d faults localised, %d undetected; "
                        + "suspect-set sizes min %d median %d max %d, size=count %s; %d partial%n", suite.summary(), seconds, sizes.size(), undetected,
                sizes.getFirst(), sizes.get(sizes.size() / 2), sizes.getLast(),
                sizes.stream().collect(java.util.stream.Collectors.groupingBy(n -> n, java.util.TreeMap::new, java.util.stream.Collectors.counting())), partial);
        assertThat(sizes).hasSizeGreaterThan(90);
        // The goal for this property.
        assertThat(sizes.get(sizes.size() / 2)).as("median suspect-set size").isLessThanOrEqualTo(2);

        // A link named by its physical ports (hassel links leave from the @out twin).
        var link = network.link(suite.tests().stream().flatMap(t -> t.observed().stream())
                .filter(e -> network.link(e).isPresent()).findFirst().orElseThrow()).orElseThrow();
        int from = network.port(link.fromPortId()).orElseThrow().name().endsWith("@out")
                ? link.fromPortId() - ReachOptions.HASSEL_OUTPUT_OFFSET : link.fromPortId();
        List<Emulator.Result> down = Emulator.run(model, suite,
                List.of(Fault.parse("test", "link:" + from + "-" + link.toPortId() + ":down")), 1_000);
        assertThat(Localizer.localize(Localizer.observations(suite, down)).suspects()).contains(link.id());
    }
}
