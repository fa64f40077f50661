package org.sonde.inject.fuzz;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.sonde.inject.config.EventIntent;
import org.sonde.inject.config.IndexConvention;
import org.sonde.inject.config.IterTracking;
import org.sonde.inject.config.MirrorConfig;
import org.sonde.inject.config.RoceParameters;
import org.sonde.inject.config.TestConfig;
import org.sonde.inject.config.TestConfigLoader;
import org.sonde.inject.config.TestConfigWriter;
import org.sonde.inject.config.Traffic;

/**
 * One individual of the genetic search: traffic settings and an event list, in the config model's own
 * records. Events use Lumina's public-code numbering (QP and PSN from 0, the PSN relative to each
 * message, so one event hits every message — as in Fig. 11's experiment). A genome becomes a test
 * only through {@link #toTest}, which renders it and reads it back with {@link TestConfigLoader}:
 * generated tests pass exactly the validation user files pass.
 */
record Genome(Traffic traffic, List<EventIntent> events) {
    public Genome {
        events = List.copyOf(events);
    }

    /** A validated test and the YAML it was read from. */
    public record Test(TestConfig config, String yaml) {}

    public Test toTest(String name, String comment) {
        TestConfig draft = new TestConfig(name, traffic, events, IndexConvention.LUMINA_CODE, IterTracking.LUMINA_CODE,
                RoceParameters.NIC_DEFAULTS, RoceParameters.NIC_DEFAULTS, List.of(), List.of(), MirrorConfig.DEFAULT, List.of());
        String yaml = TestConfigWriter.toYaml(draft, comment);
        return new Test(TestConfigLoader.parse(yaml, name + ".yaml", name), yaml);
    }

    /** QPs with at least one event, ascending. */
    public Set<Integer> injectedQps() {
        Set<Integer> s = new TreeSet<>();
        for (EventIntent e : events) s.add(e.qpIndex());
        return s;
    }

    /** The same traffic without events: the baseline innocent completion times are measured against. */
    public Genome withoutEvents() {
        return new Genome(traffic, List.of());
    }
}
