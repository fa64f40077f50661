package org.sonde.atpg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.sonde.dataplane.model.Examples.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.core.UsageException;
import org.sonde.dataplane.reach.Model;

class EmulatorTest {
    static final Model MODEL = ThreeSwitchSelectionTest.MODEL;
    static final Suite SUITE = ThreeSwitchSelectionTest.suite(Cover.RULES, 1);

    static List<Emulator.Result> run(String... faults) {
        return Emulator.run(MODEL, SUITE, java.util.Arrays.stream(faults).map(f -> Fault.parse("test", f)).toList(), 50);
    }

    static List<String> suspects(List<Emulator.Result> results) {
        return Localizer.localize(Localizer.observations(SUITE, results)).suspects();
    }

    @Test
    void withoutFaultsEverythingPasses() {
        assertThat(run()).allSatisfy(r -> assertThat(r.pass()).isTrue());
        assertThat(suspects(run())).isEmpty();
    }

    @Test
    void eachRuleDropIsDetectedAndLocalised() {
        for (String rule : List.of("rA1", "rA2", "rA3", "rB1", "rB2", "rB3", "rC1", "rC2")) {
            for (String kind : List.of("drop", "missing")) {
                List<Emulator.Result> r = run("rule:" + rule + ":" + kind);
                assertThat(r).as(rule + " " + kind).anySatisfy(x -> assertThat(x.pass()).isFalse());
                assertThat(suspects(r)).as(rule + " " + kind).contains(rule);
            }
        }
    }

    @Test
    void wrongPortLinkDownAndLatency() {
        assertThat(run("rule:rA3:port=" + AB)).anySatisfy(x -> assertThat(x.pass()).isFalse());
        List<Emulator.Result> down = run("link:" + AB + "-" + BA + ":down");
        assertThat(down).anySatisfy(x -> assertThat(x.pass()).isFalse());
        assertThat(suspects(down)).containsAnyOf("AB", "BA");
        List<Emulator.Result> slow = run("link:AC:latency=80");
        assertThat(slow).anySatisfy(x -> {
            assertThat(x.pass()).isFalse();
            assertThat(x.reason()).contains("latency");
            assertThat(x.observed().values()).contains(80.0);
        });
        assertThat(run("link:AC:latency=20")).allSatisfy(x -> assertThat(x.pass()).isTrue());
    }

    @Test
    void badFaultsAreBadInput() {
        // a fault is an option's value: naming what the model lacks, or malformed, is a usage error
        assertThatThrownBy(() -> run("rule:nope:drop")).isInstanceOf(UsageException.class).hasMessageContaining("no rule nope");
        assertThatThrownBy(() -> run("rule:rA1:explode")).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> run("rule:rA1:port=" + PB)).isInstanceOf(UsageException.class).hasMessageContaining("not a port");
        assertThatThrownBy(() -> run("link:1-99:down")).isInstanceOf(UsageException.class);
        assertThatThrownBy(() -> run("acl:x:deny")).isInstanceOf(UsageException.class).hasMessageContaining("ACL");
    }
}
