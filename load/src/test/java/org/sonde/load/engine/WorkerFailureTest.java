package org.sonde.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;

/** A worker that dies ends the run with its cause, not with a summary of what the survivors counted. */
class WorkerFailureTest {
    /** Counts a few connections, then fails as a bug in a worker would. */
    private static final class DyingLoop implements ClientLoop {
        private final WorkerStats stats = new WorkerStats();

        @Override
        public WorkerStats stats() {
            return stats;
        }

        @Override
        public void setState(WorkerState s) {}

        @Override
        public void run() {
            stats.bindToCurrentThread();
            for (int i = 0; i < 3; i++) stats.increment(Counter.SK_OPEN);
            throw new IllegalArgumentException("index 7 out of bounds");
        }
    }

    /** Runs until told to stop, as a healthy worker does. */
    private static final class HealthyLoop implements ClientLoop {
        private final WorkerStats stats = new WorkerStats();
        private volatile WorkerState state = WorkerState.RUN;
        final AtomicInteger stops = new AtomicInteger();

        @Override
        public WorkerStats stats() {
            return stats;
        }

        @Override
        public void setState(WorkerState s) {
            state = s;
            if (s == WorkerState.STOP) stops.incrementAndGet();
        }

        @Override
        public void run() {
            stats.bindToCurrentThread();
            while (state != WorkerState.STOP) Thread.onSpinWait();
        }
    }

    @Test
    void aDeadWorkerFailsTheRunWithItsCauseLongBeforeTheDurationEnds() {
        HealthyLoop healthy = new HealthyLoop();
        LoadRun t = LoadRun.withClients(Loopback.client(Loopback.freePort(), 60, "cps 10\n"), List.of(healthy, new DyingLoop()));
        long start = System.nanoTime();
        assertThatThrownBy(() -> t.run(s -> { }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("load worker load-client-1 failed")
                .hasMessageContaining("index 7 out of bounds")
                .hasCauseInstanceOf(IllegalArgumentException.class);
        // the 60 s test stopped at the failure (plus the drain's few seconds), and the other worker was stopped
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
        assertThat(healthy.stops.get()).isEqualTo(1);
    }
}
