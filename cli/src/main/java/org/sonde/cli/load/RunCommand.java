package org.sonde.cli.load;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.engine.LoadRun;
import org.sonde.load.report.LoadSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sonde load run FILE.conf}: a load test from a dperf configuration file. */
@Command(name = "run",
        header = "Run the load test a dperf configuration file describes.",
        mixinStandardHelpOptions = true,
        description = {
                "Run the load test a dperf configuration file describes (mode client, or mode server). A",
                "client waits 'wait' seconds, ramps its new connections per second linearly over 'slow_start'",
                "seconds, holds 'cps' for 'duration', then drains for at most 4 s: no new connections or",
                "requests, in-flight requests complete. With 'cc' and 'keepalive' it holds cc connections,",
                "each sending one request per keepalive interval; without keepalive each connection carries",
                "one request (CPS mode). With 'protocol udp' a connection is a flow (one 5-tuple) carrying",
                "payload_size datagrams, one in flight: udpTx udpRx count them, udpRt counts resends after",
                "retransmit_timeout without an answer (loss), and a flow fails (skErr) after 3 resends.",
                "With 'engine userspace' (and dperf's 'port IFNAME IP GW', 'netns NAME') the TCP is Sonde's",
                "own stop-and-wait stack on a raw AF_PACKET socket with dperf's 64-byte socket table: a million",
                "connections take 64 MB; its pktRx pktTx synRt pushRt finRt rstRx tcpDrop replace the kernel's.",
                "",
                "Every second dperf's statistics go to standard error (skOpen skClose skCon skErr rtt;",
                "httpGet httpPost http2XX httpErr or tcpReq tcpRsp; the kernel's retransmission and reset",
                "counters; latency p50/p99/p99.9). The summary on standard output leads as wrk's does",
                "(latency avg, stdev, max, 50/75/90/99/99.9%%; requests and bytes per second over the duration",
                "phase; connections per second unless keepalive holds them; errors), then dperf's totals;",
                "Ctrl-C or SIGTERM stops cleanly with it. The JSON (--json) has requests, responses2xx,",
                "httpErrors, socketErrors, connectionsOpened, requestsPerSecond, connectionsPerSecond,",
                "bytesReceivedPerSecond (over the duration phase), latencyMicros (mean, stdev, p50, p75, p90,",
                "p99, p999, max), the counters under dperf's names, the kernel's counters and every second.",
                "",
                "Exit status: 0 when every error counter (skErr, httpErr, tcpDrop, udpRt, udpDrop, dropTx) is",
                "zero, 1 when one is not, 3 for a bad configuration (the message names the line), 4 when the",
                "environment refuses (a port in use, too few file descriptors for cc)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde load run client.conf",
                "  sonde load run client.conf --json result.json --report result.html",
                "  sonde load run client.conf --check       # only validate, like dperf -t"
        })
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.conf", description = "A dperf configuration file ('sonde load keywords' lists the keywords).")
    Path file;

    @Mixin
    OutputOptions.Json json;

    /** The report: charts of every second. */
    @Mixin
    OutputOptions.Report report;

    @Mixin
    ColorOption output;

    @Option(names = "--check", description = "Only validate the configuration and print it (dperf -t).")
    boolean check;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of payload_random's filler (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        PrintWriter out = json.text();
        PrintWriter err = spec.commandLine().getErr();
        json.checkWritable();
        report.checkWritable();
        ConfigParser.Parsed parsed = ConfigParser.parse(file);
        parsed.warnings().forEach(w -> err.println("load: warning: " + file + ": " + w));
        LoadConfig c = parsed.config();
        if (check) {
            out.println("Config file OK: " + LoadSummary.describe(c));
            out.flush();
            return 0;
        }
        LoadRun test = LoadRun.prepare(c, seed);
        return LoadSession.run(c, test, json, report.file(), err, "sonde load run " + file, output.color(), () -> {
            err.println("load: " + LoadSummary.describe(c));
            err.flush();
        });
    }
}
