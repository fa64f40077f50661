package org.sonde.cli.load;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.sonde.cli.OutputOptions;
import org.sonde.core.UsageException;
import org.sonde.load.lb.Balance;
import org.sonde.load.lb.LbSpec;
import org.sonde.load.lb.LbStatus;
import org.sonde.load.lb.LbTestbed;
import org.sonde.load.lb.OverLimit;
import org.sonde.load.report.LbSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde load testbed up|down|status}: a layer-4 load balancer in namespaces, to load-test. */
@Command(name = "testbed",
        header = "An nftables L4 load balancer in namespaces to test: up, status, down (root).",
        mixinStandardHelpOptions = true,
        description = {
                "A layer-4 load balancer to test, on this machine (root): network namespaces NAME-client,",
                "NAME-lb and NAME-s1 ... NAME-sN joined by veth links. The balancer is a stateful NAT built",
                "from nftables as kube-proxy's nftables mode builds a Service: connection tracking, and DNAT of",
                "the virtual address 10.71.0.1 to one server per connection, chosen by numgen (random, or",
                "round-robin) mod N; answers return through its conntrack. An optional session limit (nft's",
                "ct count) drops or resets new connections past N at once, the way a full session table fails",
                "(nf_conntrack_max itself is global and read-only inside a namespace on this kernel).",
                "Servers listen on 10.72.i.2 (e.g. 'sonde load server' under ip netns exec), the client",
                "connects from 10.70.0.2-17 to the virtual address; 'status' prints the balancer's side."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExample:%n",
        footer = {
                "  sudo sonde load testbed up --servers 3 --session-limit 1000",
                "  sudo ip netns exec sonde-lb-s1 sonde load server --listen 10.72.1.2:80 &",
                "  sudo ip netns exec sonde-lb-client sonde load run client.conf",
                "  sudo sonde load testbed status",
                "  sudo sonde load testbed down"
        },
        subcommands = {TestbedCommand.Up.class, TestbedCommand.Down.class, TestbedCommand.Status.class})
final class TestbedCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "up", header = "Create the namespaces, links, routes and the balancer's ruleset.", mixinStandardHelpOptions = true,
            description = {"Replaces a testbed of the same name that is up already.", "The testbed stays up until 'sonde load testbed down'."})
    public static final class Up implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--lb", defaultValue = "nftables", paramLabel = "KIND",
                description = "The load balancer: nftables (the only one: this kernel has no IPVS). Default: ${DEFAULT-VALUE}.")
        String lb;

        @Option(names = "--name", paramLabel = "NAME", defaultValue = LbTestbed.DEFAULT_NAME, description = "Namespaces are named NAME-NODE. Default: ${DEFAULT-VALUE}.")
        String name;

        @Option(names = "--servers", defaultValue = "3", paramLabel = "N", description = "Backends behind the virtual address (1-64). Default: ${DEFAULT-VALUE}.")
        int servers;

        @Option(names = "--balance", defaultValue = "random", paramLabel = "random|round-robin",
                description = "How a new connection's backend is chosen: numgen random or inc. Default: ${DEFAULT-VALUE}.")
        String balance;

        @Option(names = "--port", defaultValue = "80", paramLabel = "PORT", description = "The service's port (TCP and UDP), on every backend too. Default: ${DEFAULT-VALUE}.")
        int port;

        @Option(names = "--session-limit", defaultValue = "0", paramLabel = "N",
                description = "At most N connections through the balancer at once (0: no limit). Default: ${DEFAULT-VALUE}.")
        int sessionLimit;

        @Option(names = "--over-limit", defaultValue = "drop", paramLabel = "drop|reset",
                description = "A new connection past the limit: dropped (its SYNs go unanswered, as with a full conntrack table) or reset. Default: ${DEFAULT-VALUE}.")
        String overLimit;

        @Override
        public Integer call() {
            if (!lb.equals("nftables")) {
                throw new UsageException("--lb " + lb + ": only nftables", "this kernel has no IPVS; --lb nftables");
            }
            LbSpec s = new LbSpec(name, servers, Balance.of(balance), port, sessionLimit, OverLimit.of(overLimit));
            long t0 = System.nanoTime();
            LbTestbed t = LbTestbed.create(s, true);
            PrintWriter o = spec.commandLine().getOut();
            LbSummary.up(s, t).forEach(o::println);
            o.printf("up in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            o.flush();
            return 0;
        }
    }

    @Command(name = "down", header = "Delete a testbed's namespaces (and so its links and ruleset).", mixinStandardHelpOptions = true,
            description = "Removes every namespace named NAME-NODE.")
    public static final class Down implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--name", paramLabel = "NAME", defaultValue = LbTestbed.DEFAULT_NAME, description = "Namespaces are named NAME-NODE. Default: ${DEFAULT-VALUE}.")
        String name;

        @Override
        public Integer call() {
            List<String> deleted = LbTestbed.delete(name);
            PrintWriter o = spec.commandLine().getOut();
            o.printf("deleted %d namespaces of testbed %s%n", deleted.size(), name);
            o.flush();
            return 0;
        }
    }

    @Command(name = "status", header = "Print the balancer's counters: connections per backend, refusals, conntrack.",
            mixinStandardHelpOptions = true,
            description = {"Reads the balancer's nftables counters (connections DNATed to each backend, packets of new",
                    "connections refused past the session limit) and its namespace's conntrack entries and statistics",
                    "(drop, early_drop, insert_failed, invalid, ...). The counters run from 'up'; the client's summary",
                    "has the other side."})
    public static final class Status implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--name", paramLabel = "NAME", defaultValue = LbTestbed.DEFAULT_NAME, description = "Namespaces are named NAME-NODE. Default: ${DEFAULT-VALUE}.")
        String name;

        /** The counters. */
        @Mixin
        OutputOptions.Json json;

        @Override
        public Integer call() {
            json.checkWritable();
            LbStatus s = LbTestbed.attach(name).status();
            PrintWriter o = json.text();
            LbSummary.status(s).forEach(o::println);
            o.flush();
            json.writeValue(s);
            return 0;
        }
    }
}
