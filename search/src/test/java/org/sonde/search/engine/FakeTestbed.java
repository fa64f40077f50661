package org.sonde.search.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Two "hosts" on this machine for the remote engine's tests: a template that runs commands locally
 * ({@code env ... sh -c}) in place of ssh, and scripts standing in for ethtool and perftest that
 * print recorded outputs in their documented formats (ethtool's "NIC statistics:" lines, perftest's
 * result table), write hw_counters files, and log what they were asked to run per host. By default
 * every 10 s test shows A sending 100 Gb/s of RDMA data to B and B pausing A 4000 us per second.
 */
public final class FakeTestbed {
    public final Path bin, state;

    private FakeTestbed(Path dir) {
        bin = dir.resolve("bin");
        state = dir.resolve("state");
    }

    public static FakeTestbed create(Path dir) {
        FakeTestbed t = new FakeTestbed(dir);
        try {
            t.scripts();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return t;
    }

    private void scripts() throws IOException {
        Files.createDirectories(bin);
        Files.createDirectories(state);
        // ethtool -S: reading N of a host prints each counter at 1000 + N * its growth per reading, and writes the hw_counters files likewise
        script("ethtool", """
                n=$(cat "$STATE/$HOST/n" 2>/dev/null || echo 0)
                echo $((n + 1)) > "$STATE/$HOST/n"
                echo "NIC statistics:"
                while read name inc; do echo "     $name: $((1000 + n * inc))"; done < "$STATE/$HOST/rates"
                mkdir -p "$STATE/$HOST/hw"
                while read name inc; do echo $((n * inc)) > "$STATE/$HOST/hw/$name"; done < "$STATE/$HOST/hwrates"
                """);
        script("numactl", "shift 4\nexec \"$@\"\n");
        String perftest = """
                echo "$(basename "$0") $*" >> "$STATE/$HOST/commands.log"
                if [ -f "$STATE/fail" ]; then echo "Couldn't connect to 10.0.0.2:18515" >&2; exit 1; fi
                if [ -f "$STATE/hang" ]; then exec sleep 30; fi
                case "$*" in *" 10.0.0."*) cat "$STATE/client.out";; esac
                """;
        for (String b : List.of("ib_write_bw", "ib_read_bw", "ib_send_bw")) script(b, perftest);
        for (String h : List.of("A", "B")) {
            Files.createDirectories(state.resolve(h));
            Files.writeString(state.resolve(h).resolve("hwrates"), "out_of_buffer 30\npacket_seq_err 0\n");
        }
        // over one 10 s test: A sends 100 Gb/s of RDMA data and B receives it; B pauses A 4000 us per second (0.4%)
        Files.writeString(state.resolve("A/rates"), """
                rx_prio3_pause_duration 40000
                tx_prio3_pause_duration 0
                tx_vport_rdma_unicast_bytes 125000000000
                rx_vport_rdma_unicast_bytes 0
                tx_vport_rdma_unicast_packets 120000000
                rx_vport_rdma_unicast_packets 0
                rx_discards_phy 0
                """);
        Files.writeString(state.resolve("B/rates"), """
                rx_prio3_pause_duration 0
                tx_prio3_pause_duration 40000
                tx_vport_rdma_unicast_bytes 0
                rx_vport_rdma_unicast_bytes 125000000000
                tx_vport_rdma_unicast_packets 0
                rx_vport_rdma_unicast_packets 120000000
                rx_discards_phy 20
                """);
        Files.writeString(state.resolve("client.out"), PerftestTables.clientOutput(true, List.of(new PerftestOutput.Row(65536, 1800000, 0, 92.5, 0.176422, null))));
    }

    void script(String name, String body) throws IOException {
        Path p = bin.resolve(name);
        Files.writeString(p, "#!/bin/sh\n" + body);
        if (!p.toFile().setExecutable(true)) throw new IOException("cannot make " + p + " executable");
    }

    /** The target file's text; {@code extra} is appended, except "timeout", which sets a 300 ms timeout. */
    public String yaml(String extra) {
        return """
                hosts:
                  a: {name: A, address: 10.0.0.1, interface: ens1f0}
                  b: {name: B, address: 10.0.0.2, interface: ens1f0}
                device: mlx5_0
                gid-index: 3
                template: env PATH=%s:/usr/bin:/bin HOST={host} STATE=%s sh -c {command}
                duration: 10s
                timeout: %s
                server-start: 0s
                spec: {line-rate: 100Gbps, packet-rate: 150e6}
                counters:
                  ethtool: [rx_discards_phy]
                  hw: [out_of_buffer, packet_seq_err]
                  hw-dir: %s/$HOST/hw
                """.formatted(bin, state, extra.contains("timeout") ? "300ms" : "20s", state) + (extra.contains("timeout") ? "" : extra);
    }
}
