package org.sonde.cli.replay;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.replay.connection.ConnectionReplay;
import org.sonde.replay.connection.ConnectionReplays;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde replay connection}: one recorded connection replayed alone. */
@Command(name = "connection",
        header = "Replay one recorded connection alone: its packets and TCP state at every event.",
        mixinStandardHelpOptions = true,
        description = {
                "Replays a connection of a sonde replay record directory on two simulated hosts without",
                "the network: the recorded application calls, the recorded drops, delays and CE marks,",
                "the recorded handler order. Writes OUT/packets.pcapng (both directions, one interface",
                "per endpoint, the run's timestamps) and OUT/state.json (cwnd, ssthresh, RTO, SRTT, the",
                "windows, the reordering threshold, quick-ACK and delayed-ACK state, the congestion state",
                "after every arrival, timer, call and send), and OUT/report.html: the replayed packets",
                "diagnosed as sonde replay diagnose does, with cwnd, ssthresh, RTO and windows over time.",
                "A replay that departs from its recording is an error (exit 3) naming where."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  sonde replay connection rec --conn 3 --out conn3"})
final class ReplayConnectionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "A directory written by sonde replay record (or its recording.sdr).")
    Path recording;

    @Option(names = "--conn", paramLabel = "ID", required = true, description = "The connection's id (connections.json).")
    int conn;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output directory (created; files in it are replaced).")
    Path out;

    /** A summary of the replay. */
    @Mixin
    OutputOptions.Json json;

    @Mixin
    OutputOptions.Report report;

    @Override
    public Integer call() {
        json.checkWritable();
        report.checkWritable();
        ConnectionReplay r = ConnectionReplays.replay(recording, conn, out);
        report.copyFrom(out.resolve(ConnectionReplays.REPORT));
        if (json.requested()) json.writeValue(ConnectionReplays.summaryJson(r).put("out", out.toString()));
        PrintWriter o = json.text();
        o.printf(Locale.ROOT, "connection %d %s > %s: %,d packets, %,d events; send times within %,d ns of the samples (bound %,d ns)%n",
                r.id(), r.src(), r.dst(), r.packets().size(), r.states().size(), r.maxSendTimeErrorNanos(), r.thresholdNanos());
        o.printf("  wrote %s, %s and %s%s%n", out.resolve(ConnectionReplays.PACKETS), out.resolve(ConnectionReplays.STATE),
                out.resolve(ConnectionReplays.REPORT), json.requested() ? "; summary " + json.where() : "");
        return 0;
    }
}
