package org.sonde.cli.sim;

import java.io.PrintWriter;
import org.sonde.cli.Progress;
import org.sonde.sim.scenario.ScenarioLoader;
import org.sonde.sim.scenario.Simulation;

/**
 * One progress line on stderr for loading a scenario, running it and writing its results: "sim NAME:
 * 120,000 / 200,000 hosts built", then "hosts routed", "flows planned", "us simulated" and the files being
 * written. Like every {@link Progress}, quiet for the first second.
 */
final class SimProgress implements ScenarioLoader.Listener, Simulation.Progress, AutoCloseable {
    private final PrintWriter err;
    private Progress progress;

    SimProgress(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void started(String scenario) {
        progress = new Progress(err, "sim " + scenario);
    }

    @Override
    public void progress(long done, long total, String what) {
        progress.update(done, total, what);
    }

    @Override
    public void update(long simulatedNanos, long endNanos, long events) {
        progress.update(simulatedNanos / 1000, endNanos / 1000, "us simulated");
    }

    /** A step after the run that counts nothing ("writing stats.json"). */
    void step(String step) {
        progress.step(step);
    }

    @Override
    public void close() {
        if (progress != null) progress.close();
    }
}
