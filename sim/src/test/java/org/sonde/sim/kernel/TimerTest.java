package org.sonde.sim.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimerTest {
    private final Simulator sim = new Simulator();
    private final List<Long> fired = new ArrayList<>();
    private final Timer timer = new Timer(sim, () -> fired.add(sim.now()));

    @Test
    void firesOnceAtItsDeadline() {
        timer.arm(100);
        sim.run();
        assertThat(fired).containsExactly(100L);
        assertThat(timer.armed()).isFalse();
    }

    @Test
    void movingTheDeadlineLaterFiresOnlyAtTheLaterOne() {
        timer.arm(100);
        sim.at(50, () -> timer.arm(300));
        sim.at(200, () -> timer.arm(400));
        sim.run();
        assertThat(fired).containsExactly(400L);
    }

    @Test
    void movingTheDeadlineEarlierFiresOnlyAtTheEarlierOne() {
        timer.arm(300);
        sim.at(50, () -> timer.arm(100));
        sim.run();
        assertThat(fired).containsExactly(100L);
    }

    @Test
    void cancelledTimersDoNotFireAndCanBeArmedAgain() {
        timer.arm(100);
        sim.at(50, timer::cancel);
        sim.at(150, () -> timer.armAfter(10));
        sim.run();
        assertThat(fired).containsExactly(160L);
    }

    @Test
    void backAndForthKeepsTheLastDeadline() {
        timer.arm(500);
        sim.at(10, () -> timer.arm(100));
        sim.at(20, () -> timer.arm(700));
        sim.at(30, () -> timer.arm(200));
        sim.run();
        assertThat(fired).containsExactly(200L);
    }

    @Test
    void reArmingFromItsOwnActionRepeats() {
        Timer[] t = new Timer[1];
        t[0] = new Timer(sim, () -> {
            fired.add(sim.now());
            if (fired.size() < 3) t[0].armAfter(10);
        });
        t[0].arm(5);
        sim.run();
        assertThat(fired).containsExactly(5L, 15L, 25L);
    }
}
