package org.sonde.cli.load;

import org.sonde.cli.DurationOption;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.sonde.cli.OutputOptions;
import org.sonde.core.BadInputException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sonde.core.UsageException;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.engine.LoadRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sonde load server}: a fixed-response HTTP (or UDP) server, the target of load tests. */
@Command(name = "server",
        header = "Serve fixed responses to a load test (dperf's server).",
        mixinStandardHelpOptions = true,
        description = {
                "Answer every HTTP GET or POST with the same preencoded 200 response (dperf's server): keep-",
                "alive, or Connection: close when the request asks for it (the server then closes first).",
                "Other methods and unparsable requests get 400 and count as httpErr. Statistics every second",
                "go to standard error; Ctrl-C or SIGTERM (or --duration) stops it with the totals on standard",
                "output. The same as 'sonde load run' on a 'mode server' configuration.",
                "",
                "With --protocol udp it answers every datagram with one --payload-size datagram (64 bytes by",
                "default) to its source (dperf's UDP server): udpRx udpTx udpDrop dropTx are counted."
        },
        footerHeading = "%nExamples:%n",
        footer = {
                "  sonde load server --listen 127.0.0.1:8080",
                "  sonde load server --listen 127.0.0.1:8080 --payload-size 1024 --cpu 1 --quiet",
                "  sonde load server --listen 127.0.0.1:8080 --defer-accept      # new connections: one call less",
                "  sonde load server --listen 127.0.0.1:8080 --keepalive 1s      # idle connections close after 9 s",
                "  sonde load server --listen 127.0.0.1:9000 --protocol udp --payload-size 512"
        })
final class ServerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--listen", required = true, paramLabel = "ADDRESS:PORT", description = "Where to listen, e.g. 127.0.0.1:8080 or [::1]:8080.")
    String listen;

    @Option(names = "--payload-size", paramLabel = "N",
            description = "Response size in bytes: 85 or more pads the HTTP response to exactly N bytes; default: a 14-byte body"
                    + " (udp: the answer datagram's payload, default 64).")
    Integer payloadSize;

    @Option(names = "--protocol", paramLabel = "tcp|udp", defaultValue = "tcp",
            description = "tcp: HTTP (or raw below 85 bytes) over TCP; udp: answer datagrams (default ${DEFAULT-VALUE}).")
    String protocol;

    @Option(names = "--cpu", paramLabel = "LIST", description = "CPUs for the workers, one worker pinned to each (dperf's cpu syntax, e.g. 1 or 0-3).")
    String cpu;

    @Option(names = "--duration", paramLabel = DurationOption.LABEL, converter = DperfDurationOption.class,
            description = "Stop after this long (dperf's syntax with its unit: 100s, 3.5m, 2h, 1d); default: until Ctrl-C.")
    String duration;

    @Option(names = "--keepalive", paramLabel = DurationOption.LABEL, converter = DperfDurationOption.class,
            description = "dperf's server keepalive: close a connection idle for 4 x 2 s (the retransmit timeout) plus INTERVAL, counted as skErr"
                    + " (skTimeout), e.g. 1s; default: connections may idle for ever.")
    String keepalive;

    @Option(names = "--defer-accept",
            description = "TCP_DEFER_ACCEPT on the listeners (nginx's 'listen ... deferred'): the kernel hands over a connection"
                    + " only once its first request has arrived, which is then answered at once (Connection: close costs accept4,"
                    + " read, send and close, no epoll_ctl). The handshake's last ACK is dropped and the SYN-ACK resent after 1 s;"
                    + " a client that connects and stays silent is accepted then, one that sends later is served on arrival.")
    boolean deferAccept;

    @Option(names = "--quiet", description = "No statistics every second, only the totals.")
    boolean quiet;

    @Mixin
    OutputOptions.Json json;

    @Mixin
    ColorOption output;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        int colon = listen.lastIndexOf(':');
        if (colon <= 0 || colon == listen.length() - 1) {
            throw new UsageException("--listen " + listen + ": expected ADDRESS:PORT", "e.g. --listen 127.0.0.1:8080");
        }
        String address = listen.substring(0, colon).replace("[", "").replace("]", "");
        String port = listen.substring(colon + 1);
        json.checkWritable();
        // the options become a dperf server configuration, so they pass the same checks as a file;
        // each line remembers its option, so that an error names the option, not a line
        List<String> lines = new ArrayList<>(), options = new ArrayList<>();
        BiConsumer<String, String> line = (option, text) -> {
            lines.add(text);
            options.add(option);
        };
        line.accept("", "mode server");
        line.accept("--listen " + listen, "server " + address + " 1");
        line.accept("--listen " + listen, "listen " + port + " 1");
        line.accept("--protocol " + protocol, "protocol " + protocol);
        if (payloadSize != null) line.accept("--payload-size " + payloadSize, "payload_size " + payloadSize);
        if (cpu != null) line.accept("--cpu " + cpu, "cpu " + cpu);
        // "until Ctrl-C": a duration longer than any test
        line.accept("--duration " + duration, "duration " + (duration == null ? "36500d" : duration));
        if (keepalive != null) line.accept("--keepalive " + keepalive, "keepalive " + keepalive);
        if (deferAccept) line.accept("--defer-accept", "defer_accept");
        if (quiet) line.accept("--quiet", "quiet");
        LoadConfig c;
        try {
            c = ConfigParser.parse(Path.of("options"), String.join("\n", lines) + "\n").config();
        } catch (BadInputException e) {
            String option = e.location() != null && e.location().matches("line \\d+")
                    ? options.get(Integer.parseInt(e.location().substring(5)) - 1) : "";
            throw new UsageException((option.isEmpty() ? "" : option + ": ") + e.problem(), e.hint());
        }
        LoadRun test = LoadRun.prepare(c, 1);
        return LoadSession.run(c, test, json, null, err, "sonde load server --listen " + listen, output.color(), () -> {
            err.println("load: serving on " + listen + " (" + c.workers() + (c.workers() == 1 ? " worker" : " workers") + "); Ctrl-C stops");
            err.flush();
        });
    }
}
