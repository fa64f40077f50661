package org.sonde.load.lb;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.core.EnvironmentException;
import org.sonde.core.Json;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.Testbed;

/**
 * A stateful layer-4 load balancer between a client and several servers, each a network
 * namespace on this machine (netio's {@link Testbed}): {@code client} (eth0, sources
 * 10.70.0.2-17) — {@code lb} (forwarding, nftables {@link LbRuleset}: DNAT of the virtual
 * address 10.71.0.1 to one server per connection, conntrack mapping the rest both ways) —
 * {@code s1} ... {@code sN} (10.72.i.2, default route back through the balancer, so answers
 * pass its conntrack and leave with the virtual address). This kernel has no IPVS, so nftables
 * is the balancer, as in kube-proxy's nftables mode.
 *
 * <p>Kept testbeds ({@code keep}) outlive the process, named {@code NAME-NODE}, for
 * {@code sonde load testbed up}; otherwise closing deletes the namespaces (tests, benches).
 */
public final class LbTestbed implements AutoCloseable {
    /** The name {@code sonde load testbed} uses unless told otherwise. */
    public static final String DEFAULT_NAME = "sonde-lb";

    private final String name;
    private final int servers;
    private final Testbed testbed;

    private LbTestbed(String name, int servers, Testbed testbed) {
        this.name = name;
        this.servers = servers;
        this.testbed = testbed;
    }

    /**
     * Creates the namespaces, links, routes and the balancer's ruleset (replacing a kept testbed
     * of the same name when {@code keep}).
     *
     * @throws EnvironmentException without root, iproute2 or nftables
     */
    public static LbTestbed create(LbSpec spec, boolean keep) {
        requireNft();
        Testbed.Builder b = Testbed.builder(spec.name()).node("client").node("lb");
        for (int i = 1; i <= spec.servers(); i++) b.node(server(i));
        b.link("client", "eth0", LbAddresses.client(0) + "/24", "lb", "client0", LbAddresses.BALANCER_CLIENT_SIDE + "/24");
        b.route("client", "default", LbAddresses.BALANCER_CLIENT_SIDE);
        for (int i = 1; i <= spec.servers(); i++) {
            b.link("lb", server(i), LbAddresses.balancerServerSide(i) + "/24", server(i), "eth0", LbAddresses.server(i) + "/24");
            b.route(server(i), "default", LbAddresses.balancerServerSide(i));
        }
        b.forwarding("lb");
        // a load generator wants every port: 64 k sources per address and destination instead of 28 k
        b.sysctl("client", "net.ipv4.ip_local_port_range", "1024 65535");
        if (keep) b.keep();
        Testbed t = b.create();
        try {
            List<String> addresses = new ArrayList<>();
            for (int i = 1; i < LbAddresses.CLIENT_ADDRESSES; i++) addresses.add("addr add " + LbAddresses.client(i) + "/24 dev eth0");
            NetNamespace.ipBatch(t.namespace("client"), addresses);
            loadRuleset(t, LbRuleset.render(spec));
        } catch (RuntimeException e) {
            t.close(); // a kept one too: it was never handed over
            throw e;
        }
        return new LbTestbed(spec.name(), spec.servers(), t);
    }

    private static void loadRuleset(Testbed t, String ruleset) {
        Path file;
        try {
            file = Files.createTempFile("sonde-lb-", ".nft");
        } catch (IOException e) {
            throw new EnvironmentException("cannot write the balancer's ruleset to a temporary file: " + e.getMessage(), "check TMPDIR", e);
        }
        try {
            Files.writeString(file, ruleset);
            t.exec("lb", "nft", "-f", file.toString());
        } catch (IOException e) {
            throw new EnvironmentException("cannot write the balancer's ruleset to a temporary file: " + e.getMessage(), "check TMPDIR", e);
        } finally {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a temporary file left behind is harmless
            }
        }
    }

    private static void requireNft() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "nft"))) return;
        }
        for (String dir : List.of("/usr/sbin", "/sbin")) if (Files.isExecutable(Path.of(dir, "nft"))) return;
        throw new EnvironmentException("nft is not installed: the load balancer is an nftables ruleset", "install nftables (apt-get install nftables)");
    }

    /**
     * The kept testbed {@code name} that {@code sonde load testbed up} made.
     *
     * @throws EnvironmentException when it is not up
     */
    public static LbTestbed attach(String name) {
        int n = 0;
        List<String> present = NetNamespace.list();
        while (present.contains(name + "-" + server(n + 1))) n++;
        if (n == 0) {
            throw new EnvironmentException("no load-balancer testbed " + name + " is up (no namespace " + name + "-s1)",
                    "bring it up first: sonde load testbed up --name " + name);
        }
        List<String> nodes = new ArrayList<>(List.of("client", "lb"));
        for (int i = 1; i <= n; i++) nodes.add(server(i));
        return new LbTestbed(name, n, Testbed.attach(name, nodes));
    }

    /** Deletes the kept testbed {@code name}; returns the namespaces deleted. */
    public static List<String> delete(String name) {
        Testbed.requireRoot();
        return Testbed.deleteKept(name);
    }

    /** A server's node name (1-based): s1, s2, ... */
    static String server(int i) {
        return "s" + i;
    }

    /** The namespaces themselves, e.g. to change a setting of the client's ({@code exec("client", "sysctl", ...)}). */
    public Testbed testbed() {
        return testbed;
    }

    public String name() {
        return name;
    }

    public int servers() {
        return servers;
    }

    /** The namespace of the client. */
    public String clientNamespace() {
        return testbed.namespace("client");
    }

    /** The namespace of the balancer. */
    public String balancerNamespace() {
        return testbed.namespace("lb");
    }

    /** The namespace of server {@code i} (1-based). */
    public String serverNamespace(int i) {
        return testbed.namespace(server(i));
    }

    /** The address server {@code i} (1-based) listens on. */
    public String serverAddress(int i) {
        if (i < 1 || i > servers) throw new IllegalArgumentException("no server " + i + " (1-" + servers + ")");
        return LbAddresses.server(i);
    }

    /** The service's virtual address, which clients connect to. */
    public String virtualAddress() {
        return LbAddresses.VIP;
    }

    /** The client's first source address; {@link #clientAddressCount} follow it, as dperf's {@code client} line counts them. */
    public String firstClientAddress() {
        return LbAddresses.client(0);
    }

    public int clientAddressCount() {
        return LbAddresses.CLIENT_ADDRESSES;
    }

    /** Reads the balancer's counters now. */
    public LbStatus status() {
        JsonNode root;
        try {
            root = Json.mapper().readTree(testbed.exec("lb", "nft", "-j", "list", "table", "ip", LbRuleset.TABLE));
        } catch (IOException e) {
            throw new EnvironmentException("cannot read the balancer's counters (nft -j): " + e.getMessage(), null, e);
        }
        TreeMap<Integer, LbStatus.Backend> backends = new TreeMap<>();
        LbStatus.SessionLimit limit = null;
        String virtual = null;
        for (JsonNode item : root.path("nftables")) {
            JsonNode rule = item.get("rule");
            if (rule == null) continue;
            String chain = rule.path("chain").asText();
            long packets = 0;
            String dnat = null;
            long over = -1;
            String action = null;
            for (JsonNode e : rule.path("expr")) {
                if (e.has("counter")) packets = e.get("counter").path("packets").asLong();
                if (e.has("dnat")) dnat = e.get("dnat").path("addr").asText() + ":" + e.get("dnat").path("port").asText();
                if (e.has("ct count")) over = e.get("ct count").path("val").asLong();
                if (e.has("drop")) action = OverLimit.DROP.word();
                if (e.has("reject")) action = OverLimit.RESET.word();
                if (e.has("jump") && e.get("jump").path("target").asText().equals("service")) virtual = virtualOf(rule);
            }
            if (chain.equals(LbRuleset.LIMIT_CHAIN)) {
                limit = new LbStatus.SessionLimit(over, action, packets);
            } else if (chain.matches("backend\\d+") && dnat != null) {
                int i = Integer.parseInt(chain.substring("backend".length()));
                backends.put(i, new LbStatus.Backend(testbed.namespace(server(i)), dnat, packets));
            }
        }
        return new LbStatus(name, virtual, List.copyOf(backends.values()), limit, readLong("/proc/sys/net/netfilter/nf_conntrack_count"),
                readLong("/proc/sys/net/netfilter/nf_conntrack_max"), conntrackStats(testbed.exec("lb", "cat", "/proc/net/stat/nf_conntrack")));
    }

    /** The service rule's address and port: {@code ip daddr A ... th dport P}. */
    private static String virtualOf(JsonNode rule) {
        String address = null, port = null;
        for (JsonNode e : rule.path("expr")) {
            JsonNode m = e.get("match");
            if (m == null) continue;
            String field = m.path("left").path("payload").path("field").asText();
            if (field.equals("daddr")) address = m.path("right").asText();
            if (field.equals("dport")) port = m.path("right").asText();
        }
        return address + ":" + port;
    }

    private long readLong(String file) {
        String text = testbed.exec("lb", "cat", file).strip();
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new EnvironmentException("cannot read " + file + " in " + balancerNamespace() + ": " + text, null, e);
        }
    }

    /** {@code /proc/net/stat/nf_conntrack}: a header of names, then one row of hexadecimal numbers per CPU; summed (but entries, the same in every row). */
    static Map<String, Long> conntrackStats(String text) {
        Map<String, Long> sums = new LinkedHashMap<>();
        String[] lines = text.strip().split("\n");
        String[] names = lines[0].trim().split("\\s+");
        for (int l = 1; l < lines.length; l++) {
            String[] values = lines[l].trim().split("\\s+");
            for (int i = 0; i < Math.min(names.length, values.length); i++) {
                long v = Long.parseUnsignedLong(values[i], 16);
                sums.merge(names[i], v, names[i].equals("entries") ? (a, x) -> a : Long::sum);
            }
        }
        return sums;
    }

    /** Deletes the namespaces of a testbed this process created without keeping it; an attached or kept one stays. */
    @Override
    public void close() {
        testbed.close();
    }
}
