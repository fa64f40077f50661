package org.sonde.atpg.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sonde.core.EnvironmentException;
import org.sonde.core.UsageException;
import org.sonde.dataplane.io.ModelSource;
import org.sonde.dataplane.model.Network;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.Testbed;

/**
 * A model's Linux data plane on this machine (root): built by {@link #up}, used by {@link LiveRun},
 * removed by {@link #down}. Its namespaces are {@code sonde-atpg-NAME-NODE} (netio's kept
 * {@link Testbed}), nodes as {@link Wiring} names them (with a bridge per shared segment); what it
 * carries is {@link Compiler}'s output.
 */
public final class LiveDataPlane {
    private static final String PREFIX = "sonde-atpg-";

    private final Wiring wiring;
    private final LinuxConfig healthy;
    private final Testbed testbed;

    private LiveDataPlane(Wiring wiring, LinuxConfig healthy, Testbed testbed) {
        this.wiring = wiring;
        this.healthy = healthy;
        this.testbed = testbed;
    }

    /**
     * What {@link #up} built.
     *
     * @param namespaces  the namespaces, terminal node first
     * @param links       the veth pairs between two devices' ports
     * @param segments    the shared segments (more than two ports joined by links), a bridge each
     * @param unexpressed what the model holds that the data plane does not carry
     */
    public record Built(String name, List<String> namespaces, int devices, int links, int segments, int terminals, int routes, int policyRules,
                        int nftablesRules, double seconds, List<Unexpressed> unexpressed) {}

    /** The namespace prefix of a data plane's name (lower-case letters and digits, up to 16). */
    static String prefix(String name) {
        if (name == null || !name.matches("[a-z][a-z0-9]{0,15}"))
            throw new UsageException("--name " + name + ": a data plane's name is 1 to 16 lower-case letters and digits, starting with a letter");
        return PREFIX + name;
    }

    /** What {@link #up} built as a JSON document (schema {@code sonde.atpg.dataplane}), for {@code --json}. */
    public static Map<String, Object> document(Built b) {
        Map<String, Object> doc = new java.util.LinkedHashMap<>();
        doc.put("schema", "sonde.atpg.dataplane");
        doc.put("version", 1);
        doc.put("dataplane", b);
        return doc;
    }

    /**
     * Builds the data plane of {@code source}'s model as namespaces {@code sonde-atpg-NAME-*},
     * replacing one of the same name; it outlives this process.
     */
    public static Built up(ModelSource source, String name) {
        String prefix = prefix(name);
        long t0 = System.nanoTime();
        Network network = source.load().model().network();
        Wiring wiring = new Wiring(network);
        LinuxConfig config = Compiler.compile(wiring);
        Testbed.Builder b = Testbed.builder(prefix).keep();
        for (String n : wiring.nodes()) b.node(n);
        for (int[] pair : wiring.pairs())
            b.link(wiring.nodeOfPort(pair[0]), Wiring.iface(pair[0]), null, wiring.nodeOfPort(pair[1]), Wiring.iface(pair[1]), null);
        for (int t : wiring.terminals()) b.link(wiring.nodeOfPort(t), Wiring.iface(t), null, Wiring.TERMINALS, Wiring.terminalIface(t), null);
        for (Wiring.Segment g : wiring.segments()) {
            for (int p : g.ports()) b.link(wiring.nodeOfPort(p), Wiring.iface(p), null, Wiring.SEGMENTS, Wiring.segmentIface(p), null);
            b.bridge(Wiring.SEGMENTS, g.bridge(), g.ports().stream().map(Wiring::segmentIface).toList());
        }
        for (String n : wiring.nodes()) {
            b.sysctl(n, "net.ipv6.conf.all.disable_ipv6", "1");
            if (n.equals(Wiring.TERMINALS) || n.equals(Wiring.SEGMENTS)) continue;
            // routers that forward what the model says and nothing else: no source checks, no redirects
            b.forwarding(n).sysctl(n, "net.ipv4.conf.all.rp_filter", "0").sysctl(n, "net.ipv4.conf.default.rp_filter", "0")
                    .sysctl(n, "net.ipv4.conf.all.send_redirects", "0");
        }
        Testbed t = b.offloadsOff().create();
        LiveDataPlane plane = new LiveDataPlane(wiring, config, t);
        try {
            for (var e : config.nodes().entrySet()) {
                List<String> lines = new ArrayList<>(e.getValue().setup());
                lines.addAll(e.getValue().routes().values());
                if (!lines.isEmpty()) NetNamespace.ipBatch(t.namespace(e.getKey()), lines);
                if (!e.getValue().ingress().isEmpty()) plane.loadNft(e.getKey(), e.getValue().ingress(), "netdev " + Compiler.NFT_TABLE);
                plane.loadNft(e.getKey(), e.getValue().nft());
            }
        } catch (RuntimeException e) {
            down(name);
            throw e;
        }
        return new Built(name, wiring.nodes().stream().map(t::namespace).toList(), network.devices().size(), wiring.pairs().size(),
                wiring.segments().size(), wiring.terminals().size(), config.routeCount(), config.policyRuleCount(), config.nftRuleCount(), (System.nanoTime() - t0) / 1e9,
                config.unexpressed());
    }

    /** Deletes the data plane's namespaces; returns their names (none when it was not up). */
    public static List<String> down(String name) {
        return Testbed.deleteKept(prefix(name));
    }

    /** The data plane of {@code network} that {@link #up} built under {@code name}. */
    static LiveDataPlane attach(Network network, String name) {
        Wiring wiring = new Wiring(network);
        Testbed t;
        try {
            t = Testbed.attach(prefix(name), wiring.nodes());
        } catch (EnvironmentException e) {
            throw new EnvironmentException("the data plane " + name + " is not up for this model: " + e.getMessage(),
                    "build it first: sonde atpg dataplane up --network ... --name " + name, e);
        }
        // namespaces of the right names may hold another model's data plane: every interface must be there
        for (String node : wiring.nodes()) {
            List<String> present = new ArrayList<>();
            for (String line : NetNamespace.ip("-n", t.namespace(node), "-o", "link", "show").split("\n")) {
                String[] w = line.split(":\\s+|@", 3);
                if (w.length > 1) present.add(w[1].strip());
            }
            for (String needed : wiring.interfaces(node))
                if (!present.contains(needed))
                    throw new EnvironmentException("the data plane " + name + " was not built from this model: " + t.namespace(node) + " has no interface " + needed,
                            "build it from the suite's model: sonde atpg dataplane up --network ... --name " + name);
        }
        return new LiveDataPlane(wiring, Compiler.compile(wiring), t);
    }

    Wiring wiring() {
        return wiring;
    }

    LinuxConfig healthy() {
        return healthy;
    }

    Testbed testbed() {
        return testbed;
    }

    /**
     * Makes the routes and nftables tables of every node those of {@code from} changed to those of
     * {@code to}: only what differs is touched (a route removed, replaced, an nftables table reloaded).
     */
    void change(LinuxConfig from, LinuxConfig to) {
        for (var e : to.nodes().entrySet()) {
            LinuxConfig.Node a = from.nodes().get(e.getKey()), b = e.getValue();
            List<String> lines = new ArrayList<>();
            for (var r : a.routes().entrySet()) if (!b.routes().containsKey(r.getKey())) lines.add(LinuxConfig.deleteRoute(r.getKey()));
            for (var r : b.routes().entrySet()) if (!r.getValue().equals(a.routes().get(r.getKey()))) lines.add(r.getValue());
            if (!lines.isEmpty()) NetNamespace.ipBatch(testbed.namespace(e.getKey()), lines);
            if (!a.nft().equals(b.nft())) loadNft(e.getKey(), b.nft());
        }
    }

    /** Replaces the node's nftables table with {@code script} (none when empty), in one transaction. */
    void loadNft(String node, String script) {
        loadNft(node, script, Compiler.nftFamily(node) + " " + Compiler.NFT_TABLE);
    }

    /** Replaces the node's nftables table {@code table} ("FAMILY NAME") with {@code script} (none when empty), in one transaction. */
    void loadNft(String node, String script, String table) {
        String replace = "add table " + table + "\ndelete table " + table + "\n" + script;
        Path file = null;
        try {
            file = Files.createTempFile("sonde-atpg-", ".nft");
            Files.writeString(file, replace);
            testbed.exec(node, "nft", "-f", file.toString());
        } catch (IOException e) {
            throw new EnvironmentException("cannot write a temporary nftables file: " + e.getMessage(), "check that the temporary directory is writable", e);
        } finally {
            if (file != null) file.toFile().delete();
        }
    }
}
