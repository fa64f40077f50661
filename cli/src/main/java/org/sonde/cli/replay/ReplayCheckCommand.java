package org.sonde.cli.replay;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.replay.connection.ReplayCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde replay check}: every recorded connection replayed and compared with the run's capture. */
@Command(name = "check",
        header = "Replay every recorded connection and compare it with the run's capture.",
        mixinStandardHelpOptions = true,
        description = {
                "Replays each connection of a directory written by sonde replay record --capture and",
                "compares it with capture.pcapng one to one in each direction: as many packets, each with",
                "the same IP and TCP headers at the same nanosecond, and send times within the sampler's",
                "threshold (sends of the two ends at one nanosecond have no order either end could see).",
                "Exit 0 when every connection agrees, 1 when some do not (the first 50 are named)."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  sonde replay check rec --json check.json"})
final class ReplayCheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A directory written by sonde replay record --capture.")
    Path dir;

    @Mixin
    OutputOptions.Json json;

    @Override
    public Integer call() {
        json.checkWritable();
        ReplayCheck.Result r = ReplayCheck.check(dir);
        if (json.requested()) json.writeValue(ReplayCheck.json(r));
        PrintWriter o = json.text();
        o.printf(Locale.ROOT, "%s: %,d of %,d connections replay to the captured packets (%,d packets); send times within %,d ns of the "
                + "samples (bound %,d ns); %.1f s%n", dir, r.identical(), r.connections(), r.packets(), r.maxSendTimeErrorNanos(), r.thresholdNanos(),
                r.wallSeconds());
        for (ReplayCheck.Mismatch m : r.mismatches()) o.printf("  connection %d %s > %s: %s%n", m.id(), m.src(), m.dst(), m.what());
        if (json.requested()) o.println("  result " + json.where());
        return r.agrees() ? 0 : 1;
    }
}
