package org.sonde.cli.atpg;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.cli.ModelOptions;
import org.sonde.atpg.live.LiveDataPlane;
import org.sonde.atpg.live.Unexpressed;
import org.sonde.cli.OutputOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde atpg dataplane up|down}: a model made a Linux data plane of namespaces. */
@Command(name = "dataplane",
        header = "Build a model's data plane on Linux namespaces, or remove it (root).",
        mixinStandardHelpOptions = true,
        description = {
                "Makes a network model a real data plane on this machine (root): a network namespace per",
                "device, a veth pair per link between two ports, a Linux bridge per shared segment (more than",
                "two ports joined by links, as a backbone port and the zone routers' ports on it: each port a",
                "veth pair to the bridge, whose nftables pass exactly the model's directed links), and per",
                "terminal port (one without links) a veth pair to the agents' namespace; forwarding rules as",
                "routes (longest prefix) or, where the model's order or matches need it, policy rules in",
                "first-match order; a rule forwarding to several ports copies with nftables dup; no packet is",
                "routed or copied back out of the port it came in by, as in the model; ACLs as nftables",
                "chains per port and direction. What the model holds that Linux cannot carry is listed. It",
                "stays up for sonde atpg run until down."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExample:%n",
        footer = {
                "  sudo sonde atpg dataplane up --network examples/atpg/example-network.json --format json --name ex",
                "  sudo sonde atpg dataplane up --network stanford-apkeep --format stanford-apkeep --name stan",
                "  sudo sonde atpg dataplane down --name ex"
        },
        subcommands = {DataplaneCommand.Up.class, DataplaneCommand.Down.class})
final class DataplaneCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "up", header = "Create the namespaces, links, routes and nftables rules of a model.", mixinStandardHelpOptions = true,
            description = {"Replaces a data plane of the same name that is up already.", "Namespaces are named sonde-atpg-NAME-NODE."})
    public static final class Up implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ModelOptions model;

        @Option(names = "--name", required = true, paramLabel = "NAME", description = "The data plane's name: 1 to 16 lower-case letters and digits.")
        String name;

        /** What was built and the list of what was not. */
        @Mixin
        OutputOptions.Json json;

        @Override
        public Integer call() {
            json.checkWritable();
            LiveDataPlane.Built b = LiveDataPlane.up(model.source(), name);
            json.writeValue(LiveDataPlane.document(b));
            PrintWriter o = json.text();
            o.printf("data plane %s up in %.1f s: %d devices, %d links, %d shared segments, %d terminals as %d namespaces sonde-atpg-%s-*; %d routes,"
                    + " %d policy rules, %d nftables rules%n", name, b.seconds(), b.devices(), b.links(), b.segments(), b.terminals(), b.namespaces().size(),
                    name, b.routes(),
                    b.policyRules(), b.nftablesRules());
            o.printf("%d parts of the model not carried%s%n", b.unexpressed().size(), b.unexpressed().isEmpty() ? "" : ":");
            for (Unexpressed u : b.unexpressed()) o.printf("  %s: %s%n", u.element(), u.why());
            o.printf("run a suite on it with: sonde atpg run --suite SUITE --dataplane %s --json results.json%n", name);
            o.flush();
            return 0;
        }
    }

    @Command(name = "down", header = "Delete a data plane's namespaces (and so its links).", mixinStandardHelpOptions = true,
            description = "Removes every namespace named sonde-atpg-NAME-NODE.")
    public static final class Down implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--name", required = true, paramLabel = "NAME", description = "The data plane's name.")
        String name;

        @Override
        public Integer call() {
            List<String> deleted = LiveDataPlane.down(name);
            PrintWriter o = spec.commandLine().getOut();
            o.printf("deleted %d namespaces of data plane %s%n", deleted.size(), name);
            o.flush();
            return 0;
        }
    }
}
