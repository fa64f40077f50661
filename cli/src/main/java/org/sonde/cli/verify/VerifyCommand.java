package org.sonde.cli.verify;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sonde verify}: forwarding verification after Libra. */
@Command(name = "verify",
        header = "Forwarding verification (Libra): loops, black holes, reachability and waypoints.",
        mixinStandardHelpOptions = true,
        description = {
                "Forwarding verification (Libra, dissertation ch. 4): checks the forwarding tables of a",
                "whole network for loops, black holes, unreachable subnets and skipped waypoints, one",
                "forwarding graph per subnet, in this process or on Apache Spark.",
                "",
                "A snapshot is a directory: rules.txt ('switch ip mask_len next_hops priority' per line;",
                "next_hops is switch[,switch...] for ECMP, deliver for a last hop, drop for an explicit",
                "drop), optional subnets.txt (a.b.c.d/n per line; default: the deliver rules' prefixes),",
                "waypoints.txt ('a.b.c.d/n switch[,switch...]') and logical-switches.txt ('logical",
                "physical'); rules.parquet may stand in for rules.txt."
        },
        commandListHeading = "%nCommands:%n",
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde verify generate dcn --seed 1 --switches 500 --plant loops=2,blackholes=2 --out dcn",
                "  sonde verify check --snapshot dcn --checks loops,blackholes --json result.json \\",
                "      --report result.html",
                "  sonde verify check --snapshot dcn --checks loops,blackholes --backend spark --master local[*]",
                "  sonde verify convert --network ../shared/datasets/internet2 --format internet2 --out i2",
                "  sonde verify watch --snapshot dcn --events events.txt --epsilon 100ms --json watch.json"
        },
        subcommands = {GenerateCommand.class, CheckCommand.class, WatchCommand.class, ConvertCommand.class})
public final class VerifyCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
