package org.sonde.load.userspace;

import org.sonde.testkit.Netns;
import java.nio.file.Path;
import org.sonde.load.config.ConfigParser;
import org.sonde.load.config.LoadConfig;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.VethPair;

/**
 * Two network namespaces joined by veth for the netns-tagged tests: a user-space client on
 * veth-a (10.0.0.2, sources 10.1.0.x) and a server on veth-b (10.0.0.1). Closing deletes both
 * namespaces; namespaces left by a killed run (their pid gone) are deleted first. Without root
 * or iproute2 the tests fail saying so, unless SONDE_SKIP_NETNS=1 skips them (the tshark rule).
 */
final class Testbed implements AutoCloseable {
    static final String PREFIX = "sonde-t";
    final VethPair pair;

    private Testbed(VethPair pair) {
        this.pair = pair;
    }

    static Testbed create(String tag) {
        return Netns.testbed("root and iproute2 (ip netns, veth)", () -> {
            VethPair.deleteStale(PREFIX);
            return new Testbed(VethPair.create(PREFIX, tag));
        });
    }

    /** A user-space client in namespace a, plus the given lines. */
    LoadConfig client(int seconds, String lines) {
        return parse("mode client\nengine userspace\nnetns " + pair.namespaceA + "\nport veth-a 10.0.0.2 10.0.0.1\n"
                + "server 10.0.0.1 1\nlisten 80 1\nduration " + seconds + "s\nwait 0\nslow_start 0\n" + lines);
    }

    /** The same over IPv6: the client is fd00::2 on veth-a, the server fd00::1 on veth-b. */
    LoadConfig client6(int seconds, String lines) {
        return parse("mode client\nengine userspace\nnetns " + pair.namespaceA + "\nport veth-a fd00::2 fd00::1\n"
                + "server fd00::1 1\nlisten 80 1\nduration " + seconds + "s\nwait 0\nslow_start 0\n" + lines);
    }

    LoadConfig server6(String lines) {
        return parse("mode server\nengine userspace\nnetns " + pair.namespaceB + "\nport veth-b fd00::1 fd00::2\n"
                + "server fd00::1 1\nlisten 80 1\nduration 1h\n" + lines);
    }

    /** A user-space server in namespace b, plus the given lines. */
    LoadConfig server(String lines) {
        return parse("mode server\nengine userspace\nnetns " + pair.namespaceB + "\nport veth-b 10.0.0.1 10.0.0.2\n"
                + "server 10.0.0.1 1\nlisten 80 1\nduration 1h\n" + lines);
    }

    /**
     * Sonde's kernel-socket server in namespace b, whose kernel gets 10.0.0.1 (the address the clients' 'server'
     * line names), listening on port 80 with the given lines, running in the background.
     */
    NetnsRuns.Background kernelServer(String lines) {
        NetNamespace.ip("-n", pair.namespaceB, "addr", "add", "10.0.0.1/8", "dev", pair.interfaceB);
        return kernelServer("10.0.0.1", lines);
    }

    /**
     * Sonde's kernel-socket server on {@code address}:80 (an address of namespace b's kernel), with the given lines,
     * running in the background. Its listening socket is made inside namespace b; accepting and answering then work
     * from any thread.
     */
    NetnsRuns.Background kernelServer(String address, String lines) {
        LoadConfig kernel = parse("mode server\nserver " + address + " 1\nlisten 80 1\nduration 1h\n" + lines);
        return NetnsRuns.Background.start(NetNamespace.call(pair.namespaceB, () -> org.sonde.load.engine.LoadRun.prepare(kernel, 1)));
    }

    static LoadConfig parse(String text) {
        return ConfigParser.parse(Path.of("netns-test.conf"), text).config();
    }

    @Override
    public void close() {
        pair.close();
    }
}
