package org.sonde.cli.probe;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.probe.live.NamespaceNetwork;
import org.sonde.probe.topology.Topology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde probe testbed up|down}: a topology of network namespaces to probe live. */
@Command(name = "testbed",
        header = "Bring a namespace testbed of a topology up or down (root).",
        mixinStandardHelpOptions = true,
        description = {
                "Makes the topology real on this machine (root): a network namespace per router and host, a",
                "veth link per link, each agent's address on its host, and in every node /32 routes to every",
                "agent over all equal-cost next hops, hashed on the 5-tuple (fib_multipath_hash_policy=1) with",
                "a seed per node. The testbed stays up for sonde probe agent until sonde probe testbed down."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExample:%n",
        footer = {
                "  sudo sonde probe testbed up --topology fattree:4",
                "  sudo sonde probe testbed down"
        },
        subcommands = {TestbedCommand.Up.class, TestbedCommand.Down.class})
final class TestbedCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "up", header = "Create the namespaces, links and routes of a topology.", mixinStandardHelpOptions = true,
            description = "Replaces a testbed of the same name that is up already.")
    public static final class Up implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--topology", defaultValue = "fattree:4", paramLabel = "SPEC", description = TopologyOption.DESCRIPTION + " Default: ${DEFAULT-VALUE}.")
        String topology;

        @Option(names = "--name", paramLabel = "NAME", defaultValue = NamespaceNetwork.DEFAULT_PREFIX, description = "Namespaces are named NAME-NODE. Default: ${DEFAULT-VALUE}.")
        String name;

        @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the IDN-like generator, when --topology idn. Default: ${DEFAULT-VALUE}.")
        long seed;

        @Override
        public Integer call() {
            Topology t = TopologyOption.load(topology, seed);
            long t0 = System.nanoTime();
            NamespaceNetwork n = TopologyOption.usage(() -> NamespaceNetwork.create(t, name, true), "--topology/--name");
            PrintWriter o = spec.commandLine().getOut();
            o.printf("%s up in %.1f s: %s as namespaces %s-NODE%n", topology, (System.nanoTime() - t0) / 1e9, t.describe(), name);
            o.printf("probe it with: sonde probe agent --topology %s --plan PLAN.json --results results.csv%n", topology);
            o.flush();
            return 0;
        }
    }

    @Command(name = "down", header = "Delete a testbed's namespaces (and so its links).", mixinStandardHelpOptions = true,
            description = "Removes every namespace named NAME-*, also those a crashed run left behind.")
    public static final class Down implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--name", paramLabel = "NAME", defaultValue = NamespaceNetwork.DEFAULT_PREFIX, description = "Namespaces are named NAME-NODE. Default: ${DEFAULT-VALUE}.")
        String name;

        @Override
        public Integer call() {
            List<String> deleted = NamespaceNetwork.delete(name);
            PrintWriter o = spec.commandLine().getOut();
            o.printf("deleted %d namespaces of testbed %s%n", deleted.size(), name);
            o.flush();
            return 0;
        }
    }
}
