package org.sonde.cli.load;

import java.io.PrintWriter;
import org.sonde.load.config.ConfigParser;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde load keywords}: the configuration manual, like {@code dperf -m}. */
@Command(name = "keywords",
        header = "List the configuration keywords, and the DPDK ones rejected and why, per engine.",
        mixinStandardHelpOptions = true,
        description = {"List the configuration keywords Sonde accepts (dperf's syntax; those marked 'with engine userspace'",
                "only in the user-space engine), and the DPDK keywords each engine rejects and why."})
final class KeywordsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        PrintWriter o = spec.commandLine().getOut();
        o.println("Keywords (one per line, '#' starts a comment):");
        ConfigParser.manual().forEach(l -> o.println("  " + l));
        o.println();
        o.println("Rejected, per engine (DPDK, the NIC or dperf's own process; the kernel engine also rejects what the kernel does itself):");
        ConfigParser.rejected().forEach(l -> o.println("  " + l));
        o.flush();
    }
}
