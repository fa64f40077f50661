package org.sonde.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.sonde.cli.demo.DemoCommand;
import org.sonde.core.OutputDirectory;

/**
 * The training run from which the launcher ({@code ./sonde}) makes its ahead-of-time cache (JDK 25,
 * JEPs 483, 514, 515): one JVM that takes the start-up paths users take most, so that the cache holds
 * their classes loaded and linked and the profiles of their hot methods. Exits non-zero when a
 * command line fails, so that the launcher keeps no cache of a broken run.
 */
public final class AotTraining {
    private AotTraining() {}

    public static void main(String[] args) throws IOException {
        PrintWriter sink = new PrintWriter(Writer.nullWriter());
        // a workspace that is never committed: closing removes it with everything the runs wrote
        Path target = Path.of(System.getProperty("java.io.tmpdir"), "sonde-aot-training-" + ProcessHandle.current().pid());
        try (OutputDirectory work = OutputDirectory.create(target, "training")) {
            Path scenario = work.path().resolve("scenario.yaml");
            try (InputStream in = DemoCommand.class.getResourceAsStream("sim-dctcp-incast.yaml")) {
                Files.write(scenario, in.readAllBytes());
            }
            String out = work.path().resolve("sim").toString();
            String capture = work.path().resolve("roce.pcap").toString();
            List<String[]> lines = List.of(
                    new String[] {"--version"},
                    new String[] {"--help"},
                    new String[] {"sim", "run", "--help"},
                    // a small simulation, as bench/sim-vs-ns3.sh runs them, then with its report
                    new String[] {"sim", "run", scenario.toString(), "--seed", "1", "--out", out, "--no-report", "--json", out + ".json"},
                    new String[] {"sim", "run", scenario.toString(), "--seed", "2", "--out", out},
                    // reading a capture, as bench/pcap-read.sh does: the readers, dissectors and checksums
                    // are loaded and profiled here, so a short capture is not read mostly by the interpreter
                    new String[] {"pcap", "synth", "--capture", capture, "--size", "8M", "--seed", "1"},
                    new String[] {"pcap", "inspect", capture, "--totals-only"});
            for (String[] line : lines) {
                int code = Main.run(line, sink, sink);
                if (code != 0) {
                    System.err.println("sonde: AOT training: '" + String.join(" ", line) + "' exited with " + code);
                    System.exit(code);
                }
            }
        }
        System.exit(0); // as Main ends: the exit path's classes belong in the cache too
    }
}
