package org.sonde.cli.verify;

import java.io.PrintWriter;
import org.sonde.cli.Progress;
import org.sonde.verify.run.VerifyProgress;

/** Shows a verification's phases on stderr, one progress line per phase; safe from several threads. */
final class PhaseProgress implements VerifyProgress, AutoCloseable {
    private final PrintWriter err;
    private final String command;
    private String phase;
    private Progress progress;

    PhaseProgress(PrintWriter err, String command) {
        this.err = err;
        this.command = command;
    }

    @Override
    public synchronized void update(String phase, long done, long total) {
        if (!phase.equals(this.phase)) {
            if (progress != null) progress.close();
            this.phase = phase;
            progress = new Progress(err, command + " " + phase);
        }
        progress.update(done, total, phase.equals("reduce") ? "subnets" : phase.equals("map") ? "rules" : "pairs");
    }

    @Override
    public synchronized void close() {
        if (progress != null) progress.close();
    }
}
