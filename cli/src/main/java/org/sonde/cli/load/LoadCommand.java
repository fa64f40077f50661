package org.sonde.cli.load;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde load}: dperf-class load generation. */
@Command(name = "load",
        header = "Load tests in the manner of dperf: connections/s, concurrent connections, requests/s.",
        mixinStandardHelpOptions = true,
        description = {
                "Load tests in the manner of dperf, on the kernel's sockets: open new connections per second",
                "on an open-loop schedule (cps, with dperf's wait and slow start), hold concurrent",
                "connections (cc) that send keepalive requests, and count exactly what went wrong (skErr,",
                "httpErr). A test is a dperf configuration file; 'sonde load keywords' lists what it may say.",
                "Statistics every second in dperf's layout go to standard error, the final summary to",
                "standard output; the exit status is 1 when an error counter is non-zero."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde load server --listen 127.0.0.1:8080",
                "  sonde load run client.conf --json result.json",
                "  sonde load run client.conf --check",
                "  sudo sonde load testbed up --servers 3 --session-limit 1000   # an nftables L4 balancer to test",
                "",
                "A client configuration (dperf syntax):",
                "  mode        client",
                "  protocol    http",
                "  server      127.0.0.1 1",
                "  listen      8080 1",
                "  cc          64",
                "  keepalive   0us",
                "  duration    30s",
                "  slow_start  10"
        },
        subcommands = {RunCommand.class, ServerCommand.class, KeywordsCommand.class, TestbedCommand.class})
public final class LoadCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
