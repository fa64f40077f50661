package org.sonde.cli.load;

import java.io.PrintWriter;
import org.sonde.load.config.ConfigParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde load keywords}: the configuration manual, like {@code dperf -m}. */
@Command(name = "keywords",
        header = "List the configuration keywords, and the DPDK ones rejected and why.",
        mixinStandardHelpOptions = true,
        description = {"List the configuration keywords Sonde accepts (dperf's syntax), and the DPDK keywords",
                "it rejects and why."})
final class KeywordsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        PrintWriter o = spec.commandLine().getOut();
        o.println("Keywords (one per line, '#' starts a comment):");
        ConfigParser.manual().forEach(l -> o.println("  " + l));
        o.println();
        o.println("Rejected (DPDK or dperf's own packet path; no meaning on kernel sockets):");
        ConfigParser.rejected().forEach(l -> o.println("  " + l));
        o.flush();
    }
}
