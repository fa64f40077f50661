package org.sonde.sim.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class SimulatorTest {

    @Property
    void eventsFireInTimeOrderAndSimultaneousOnesInSchedulingOrder(
            @ForAll @Size(max = 300) List<@LongRange(min = 0, max = 50) Long> times) {
        Simulator sim = new Simulator();
        List<long[]> fired = new ArrayList<>();
        for (int i = 0; i < times.size(); i++) {
            long id = i;
            sim.at(times.get(i), () -> fired.add(new long[] {sim.now(), id}));
        }
        sim.run();
        List<long[]> expected = new ArrayList<>();
        for (int i = 0; i < times.size(); i++) expected.add(new long[] {times.get(i), i});
        expected.sort(Comparator.comparingLong((long[] e) -> e[0])); // stable: ties keep scheduling order
        assertThat(fired).usingElementComparator(Comparator.comparingLong((long[] e) -> e[0]).thenComparingLong(e -> e[1]))
                .containsExactlyElementsOf(expected);
        assertThat(sim.executedEvents()).isEqualTo(times.size());
    }

    @Test
    void eventsScheduledWhileRunningInterleaveByTime() {
        Simulator sim = new Simulator();
        List<String> log = new ArrayList<>();
        sim.at(10, () -> {
            log.add("a@" + sim.now());
            sim.after(5, () -> log.add("c@" + sim.now()));
            sim.after(0, () -> log.add("b@" + sim.now()));
        });
        sim.at(12, () -> log.add("d@" + sim.now()));
        sim.run();
        assertThat(log).containsExactly("a@10", "b@10", "d@12", "c@15");
    }

    @Test
    void runUntilStopsAtTheHorizonAndKeepsLaterEvents() {
        Simulator sim = new Simulator();
        List<Long> log = new ArrayList<>();
        for (long t : new long[] {5, 10, 15}) sim.at(t, () -> log.add(sim.now()));
        sim.runUntil(10);
        assertThat(log).containsExactly(5L, 10L);
        assertThat(sim.now()).isEqualTo(10);
        assertThat(sim.pendingEvents()).isEqualTo(1);
        sim.runUntil(12);
        assertThat(sim.now()).isEqualTo(12);
        sim.run();
        assertThat(log).containsExactly(5L, 10L, 15L);
    }

    @Test
    void aRunInBatchesOfEventsRunsWhatOneRunWould() {
        Simulator sim = new Simulator();
        List<Long> log = new ArrayList<>();
        for (long t : new long[] {5, 5, 5, 7, 12}) sim.at(t, () -> log.add(sim.now()));
        assertThat(sim.runUntil(10, 2)).isFalse();           // two of the four events due by 10
        assertThat(log).containsExactly(5L, 5L);
        assertThat(sim.now()).isEqualTo(5);                   // the clock stays at the last event run
        assertThat(sim.runUntil(10, 1)).isFalse();
        assertThat(sim.runUntil(10, 2)).isTrue();            // the last one due by 10: the clock moves to 10
        assertThat(log).containsExactly(5L, 5L, 5L, 7L);
        assertThat(sim.now()).isEqualTo(10);
        assertThat(sim.executedEvents()).isEqualTo(4);
        sim.at(11, sim::stop);
        assertThat(sim.runUntil(20, 1)).isTrue();            // stopped after one event: done, the clock where it stopped
        assertThat(sim.now()).isEqualTo(11);
        assertThat(sim.runUntil(20, 5)).isTrue();
        assertThat(log).containsExactly(5L, 5L, 5L, 7L, 12L);
        assertThat(sim.now()).isEqualTo(20);
    }

    @Test
    void stopEndsTheRunAfterTheCurrentEvent() {
        Simulator sim = new Simulator();
        List<Long> log = new ArrayList<>();
        sim.at(1, () -> { log.add(1L); sim.stop(); });
        sim.at(2, () -> log.add(2L));
        sim.run();
        assertThat(log).containsExactly(1L);
        sim.run();
        assertThat(log).containsExactly(1L, 2L);
    }

    @Test
    void thePastCannotBeScheduled() {
        Simulator sim = new Simulator();
        sim.at(10, () -> sim.at(9, () -> { }));
        assertThatThrownBy(sim::run).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("in the past");
    }

    @Test
    void handlersReceiveTheirArgumentWithoutAClosure() {
        Simulator sim = new Simulator();
        List<String> got = new ArrayList<>();
        Handler<String> h = got::add;
        sim.at(3, h, "x");
        sim.at(1, h, "y");
        sim.run();
        assertThat(got).containsExactly("y", "x");
    }
}
