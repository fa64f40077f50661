package org.sonde.netio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.sonde.core.EnvironmentException;

/**
 * Real hosts on one machine: network namespaces (hosts, routers, an injecting middle box) joined
 * by veth links (and Linux bridges for shared segments), with addresses, routes, forwarding and
 * sysctls per namespace, and offloads off so that the segments on the wire are the stacks' own. Namespaces are named
 * {@code PREFIX-PID-NODE}, so {@link #deleteStale} can remove what a killed run left behind, and
 * {@link #close} (or, if the JVM ends first, a shutdown hook) deletes them, which deletes their links.
 * A testbed built with {@link Builder#keep()} outlives its process (a command brings it up, later
 * ones {@link #attach} to it, another {@link #deleteKept deletes} it): its namespaces are named
 * {@code PREFIX-NODE}. Addresses, routes and settings go to {@code ip -batch}, one process per
 * namespace, so a testbed of dozens of namespaces is up in a second or two.
 *
 * <pre>{@code
 * try (Testbed t = Testbed.builder("sonde-inject")
 *         .node("a").node("mb").node("b")
 *         .link("a", "eth0", "10.1.0.1/24", "mb", "a0", "10.1.0.254/24")
 *         .link("b", "eth0", "10.2.0.1/24", "mb", "b0", "10.2.0.254/24")
 *         .route("a", "default", "10.1.0.254").route("b", "default", "10.2.0.254")
 *         .forwarding("mb").sysctl("a", "net.ipv4.tcp_congestion_control", "cubic")
 *         .offloadsOff().create()) {
 *     t.call("a", () -> openSocket());
 * }
 * }</pre>
 */
public final class Testbed implements AutoCloseable {
    private final String prefix;
    private final Map<String, String> namespaces;
    private final Thread onExit = new Thread(this::deleteNamespaces, "testbed-cleanup");
    /** Whether closing deletes the namespaces: not for a testbed {@link #attach attached} to. */
    private final boolean owned;
    private boolean closed;

    private Testbed(String prefix, Map<String, String> namespaces, boolean owned) {
        this.prefix = prefix;
        this.namespaces = namespaces;
        this.owned = owned;
    }

    public static Builder builder(String prefix) {
        if (!prefix.matches("[a-z][a-z0-9-]*")) throw new IllegalArgumentException("prefix '" + prefix + "': lower case letters, digits and dashes");
        return new Builder(prefix);
    }

    /** What to create; {@link #create} makes it all or nothing. */
    public static final class Builder {
        private final String prefix;
        private final Set<String> nodes = new LinkedHashSet<>();
        private final List<String[]> steps = new ArrayList<>();
        private final List<String[]> links = new ArrayList<>();
        private boolean offloadsOff;
        private boolean keep;
        private int mtu;

        private Builder(String prefix) {
            this.prefix = prefix;
        }

        /** A namespace with its loopback up. */
        public Builder node(String name) {
            if (!name.matches("[a-z][a-z0-9]*")) throw new IllegalArgumentException("node '" + name + "': lower case letters and digits");
            if (!nodes.add(name)) throw new IllegalArgumentException("node " + name + " given twice");
            return this;
        }

        /**
         * A veth link from interface {@code aIf} of {@code a} to {@code bIf} of {@code b}, both up;
         * the addresses are CIDR ({@code 10.1.0.1/24}) or null for none.
         */
        public Builder link(String a, String aIf, String aAddress, String b, String bIf, String bAddress) {
            requireNode(a);
            requireNode(b);
            for (String i : List.of(aIf, bIf)) {
                if (i.length() > 15 || !i.matches("[a-z][a-z0-9.-]*")) throw new IllegalArgumentException("interface name '" + i + "': at most 15 characters");
            }
            links.add(new String[] {a, aIf, aAddress, b, bIf, bAddress});
            return this;
        }

        /**
         * A Linux bridge {@code bridge} in {@code node} joining {@code members}, interfaces of
         * {@code node} given by {@link #link} before: a shared segment where each frame a member
         * receives goes out of every other member it is not filtered from (no spanning tree, no
         * forwarding delay, so it forwards from the first frame); up, without an address.
         */
        public Builder bridge(String node, String bridge, List<String> members) {
            requireNode(node);
            if (bridge.length() > 15 || !bridge.matches("[a-z][a-z0-9.-]*")) throw new IllegalArgumentException("bridge name '" + bridge + "': at most 15 characters");
            for (String m : members) {
                boolean linked = links.stream().anyMatch(l -> l[0].equals(node) && l[1].equals(m) || l[3].equals(node) && l[4].equals(m));
                if (!linked) throw new IllegalArgumentException("bridge " + bridge + ": " + m + " is not an interface of " + node + " (add its link first)");
            }
            steps.add(new String[] {"bridge", node, bridge, String.join(" ", members)});
            return this;
        }

        /** A route in {@code node}: {@code destination} is CIDR or {@code default}. */
        public Builder route(String node, String destination, String via) {
            requireNode(node);
            steps.add(new String[] {"route", node, destination, via});
            return this;
        }

        /**
         * An equal-cost multipath route in {@code node}: the kernel picks one of {@code vias} per
         * flow by its multipath hash ({@code net.ipv4.fib_multipath_hash_policy} says over which fields).
         */
        public Builder multipathRoute(String node, String destination, List<String> vias) {
            requireNode(node);
            if (vias.isEmpty()) throw new IllegalArgumentException("a route in " + node + " to " + destination + " without next hops");
            if (vias.size() == 1) return route(node, destination, vias.getFirst());
            StringBuilder b = new StringBuilder();
            for (String v : vias) b.append(" nexthop via ").append(v);
            steps.add(new String[] {"route", node, destination, b.toString().strip()});
            return this;
        }

        /**
         * The namespaces outlive this process: named {@code PREFIX-NODE}, not deleted when the JVM
         * exits once created (a failed creation still deletes them), replacing those of an earlier
         * kept testbed of this prefix; {@link #attach} uses them, {@link #deleteKept} removes them.
         */
        public Builder keep() {
            keep = true;
            return this;
        }

        /** {@code node} forwards IPv4 between its interfaces. */
        public Builder forwarding(String node) {
            return sysctl(node, "net.ipv4.ip_forward", "1");
        }

        /** A sysctl of {@code node}'s namespace (the {@code net.} ones are per namespace). */
        public Builder sysctl(String node, String key, String value) {
            requireNode(node);
            if (!key.matches("net(\\.[a-z0-9_]+)+")) throw new IllegalArgumentException("sysctl '" + key + "' is not a per-namespace net.* setting");
            steps.add(new String[] {"sysctl", node, key, value});
            return this;
        }

        /** Every link's ends without segmentation and receive offloads: what crosses is what the stack sent. */
        public Builder offloadsOff() {
            offloadsOff = true;
            return this;
        }

        /** The MTU of every link (default: the kernel's 1500). */
        public Builder mtu(int bytes) {
            if (bytes < 576 || bytes > 65535) throw new IllegalArgumentException("MTU " + bytes + " is not 576..65535");
            mtu = bytes;
            return this;
        }

        private void requireNode(String n) {
            if (!nodes.contains(n)) throw new IllegalArgumentException("no node " + n + " (add it with node() first)");
        }

        /**
         * Creates the testbed: removes stale testbeds of this prefix first, then creates every
         * namespace, link, address, route and setting; on any failure deletes what it created.
         *
         * @throws EnvironmentException without root, or without iproute2 (or ethtool for offloads)
         */
        public Testbed create() {
            requireRoot();
            deleteStale(prefix);
            if (keep) deleteKept(prefix);
            Map<String, String> ns = new LinkedHashMap<>();
            for (String n : nodes) ns.put(n, keep ? prefix + "-" + n : prefix + "-" + ProcessHandle.current().pid() + "-" + n);
            Testbed t = new Testbed(prefix, ns, true);
            Runtime.getRuntime().addShutdownHook(t.onExit);
            try {
                List<String> batch = new ArrayList<>();
                for (String n : nodes) batch.add("netns add " + ns.get(n));
                for (String[] l : links)
                    batch.add("link add " + l[1] + " netns " + ns.get(l[0]) + " type veth peer name " + l[4] + " netns " + ns.get(l[3]));
                NetNamespace.ipBatch(null, batch);
                Map<String, List<String>> perNode = new LinkedHashMap<>();
                Map<String, List<String>> sysctls = new LinkedHashMap<>();
                for (String n : nodes) {
                    perNode.put(n, new ArrayList<>(List.of("link set dev lo up")));
                    sysctls.put(n, new ArrayList<>());
                }
                for (String[] l : links) {
                    for (String[] end : new String[][] {{l[0], l[1], l[2]}, {l[3], l[4], l[5]}}) {
                        List<String> b = perNode.get(end[0]);
                        if (mtu > 0) b.add("link set dev " + end[1] + " mtu " + mtu);
                        if (end[2] != null) b.add("addr add " + end[2] + " dev " + end[1]);
                        b.add("link set dev " + end[1] + " up");
                    }
                }
                for (String[] s : steps) {
                    switch (s[0]) {
                        case "route" -> perNode.get(s[1]).add("route add " + s[2] + (s[3].startsWith("nexthop") ? " " : " via ") + s[3]);
                        case "sysctl" -> sysctls.get(s[1]).add(s[2] + "=" + s[3]);
                        case "bridge" -> {
                            List<String> b = perNode.get(s[1]);
                            b.add("link add " + s[2] + " type bridge stp_state 0 forward_delay 0");
                            for (String m : s[3].split(" ")) b.add("link set dev " + m + " master " + s[2]);
                            b.add("link set dev " + s[2] + " up");
                        }
                        default -> throw new IllegalStateException(s[0]);
                    }
                }
                // settings first: forwarding and hash policies hold before the first packet is routed
                for (String n : nodes) {
                    if (sysctls.get(n).isEmpty()) continue;
                    List<String> cmd = new ArrayList<>(List.of("sysctl", "-q", "-w"));
                    cmd.addAll(sysctls.get(n));
                    t.exec(n, cmd.toArray(String[]::new));
                }
                for (String n : nodes) NetNamespace.ipBatch(ns.get(n), perNode.get(n));
                if (offloadsOff) for (String[] l : links) t.offloadsOff(l);
            } catch (RuntimeException e) {
                t.close();
                throw e;
            }
            if (keep) {
                try {
                    Runtime.getRuntime().removeShutdownHook(t.onExit);
                } catch (IllegalStateException e) {
                    // the JVM is shutting down: the hook deletes them, as for a failed creation
                }
            }
            return t;
        }
    }

    private void offloadsOff(String[] l) {
        for (String[] end : new String[][] {{namespace(l[0]), l[1]}, {namespace(l[3]), l[4]}}) {
            NetNamespace.run(List.of("ip", "netns", "exec", end[0], "ethtool", "-K", end[1], "tso", "off", "gso", "off", "gro", "off",
                    "tx", "off", "rx", "off"));
        }
    }

    /**
     * The kept testbed of this prefix ({@link Builder#keep()}), made by an earlier process, with
     * these nodes; closing it leaves it in place.
     *
     * @throws EnvironmentException when a node's namespace is missing (the testbed is not up)
     */
    public static Testbed attach(String prefix, List<String> nodes) {
        requireRoot();
        List<String> present = NetNamespace.list();
        Map<String, String> ns = new LinkedHashMap<>();
        for (String n : nodes) {
            String name = prefix + "-" + n;
            if (!present.contains(name))
                throw new EnvironmentException("no namespace " + name + ": the testbed " + prefix + " is not up (or not this shape)",
                        "bring it up first (sonde probe testbed up)");
            ns.put(n, name);
        }
        return new Testbed(prefix, ns, false);
    }

    /** Deletes the kept testbed of this prefix: the namespaces named {@code PREFIX-NODE}; returns their names. */
    public static List<String> deleteKept(String prefix) {
        List<String> deleted = new ArrayList<>();
        for (String name : NetNamespace.list()) {
            // PREFIX-NODE only: a node name has no dash, while PREFIX-PID-NODE and longer prefixes do
            if (name.startsWith(prefix + "-") && name.substring(prefix.length() + 1).matches("[a-z][a-z0-9]*")) {
                deleteQuietly(name);
                deleted.add(name);
            }
        }
        return deleted;
    }

    /** The nodes, in the order they were added. */
    public List<String> nodes() {
        return List.copyOf(namespaces.keySet());
    }

    /** The namespace of {@code node}. */
    public String namespace(String node) {
        String n = namespaces.get(node);
        if (n == null) throw new IllegalArgumentException("no node " + node + " in this testbed (nodes: " + namespaces.keySet() + ")");
        return n;
    }

    /** Runs {@code body} on the calling thread inside {@code node}'s namespace (sockets opened there live there). */
    public <T> T call(String node, Supplier<T> body) {
        return NetNamespace.call(namespace(node), body);
    }

    /** Runs a command inside {@code node}'s namespace; returns its output, throws with it when it fails. */
    public String exec(String node, String... command) {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", namespace(node)));
        cmd.addAll(List.of(command));
        return NetNamespace.run(cmd);
    }

    /** The nftables table of {@link #dropLeaving}, one per namespace. */
    private static final String IMPAIRMENTS = "sonde_impairments";

    /**
     * Drops each packet leaving {@code iface} of {@code node} with probability {@code share} (1:
     * every one): an nftables rule on the postrouting hook, so forwarded, locally sent and
     * duplicated packets alike (frames an AF_PACKET socket sends with the qdisc bypassed skip it).
     * Needs nftables; {@link #clearDrops} removes every such rule of the node.
     */
    public void dropLeaving(String node, String iface, double share) {
        if (!(share > 0 && share <= 1)) throw new IllegalArgumentException("a share of packets in (0, 1], got " + share);
        // numgen draws 0..999999: the rule drops share * 10^6 of them
        String which = share >= 1 ? "" : "numgen random mod 1000000 < " + Math.round(share * 1_000_000) + " ";
        exec(node, "nft", "add table inet " + IMPAIRMENTS + "; add chain inet " + IMPAIRMENTS
                + " out { type filter hook postrouting priority 10 ; policy accept ; }; add rule inet " + IMPAIRMENTS + " out oifname \"" + iface
                + "\" " + which + "counter drop");
    }

    /** Removes the drops {@link #dropLeaving} put in {@code node}. */
    public void clearDrops(String node) {
        exec(node, "nft", "delete", "table", "inet", IMPAIRMENTS);
    }

    /** Limits what leaves {@code iface} of {@code node} to {@code bitsPerSecond} (a tbf qdisc; one frame of burst, 100 ms of queue). */
    public void rateLimit(String node, String iface, long bitsPerSecond) {
        exec(node, "tc", "qdisc", "replace", "dev", iface, "root", "tbf", "rate", bitsPerSecond + "bit", "burst", "1600", "latency", "100ms");
    }

    /**
     * Makes what leaves {@code iface} of {@code node} a slow link: a tbf qdisc whose bucket holds
     * {@code bucketBytes} (one frame: no burst beyond it; larger frames are dropped) and fills at
     * {@code bitsPerSecond}, in front of a queue that holds 10 s of the rate, so that frames wait
     * rather than drop. {@link #clearRateLimit} removes it.
     */
    public void slowLink(String node, String iface, long bitsPerSecond, int bucketBytes) {
        if (bitsPerSecond <= 0) throw new IllegalArgumentException("a rate in bit/s, got " + bitsPerSecond);
        if (bucketBytes <= 0) throw new IllegalArgumentException("a bucket in bytes, got " + bucketBytes);
        exec(node, "tc", "qdisc", "replace", "dev", iface, "root", "tbf", "rate", bitsPerSecond + "bit", "burst", String.valueOf(bucketBytes),
                "latency", "10s");
    }

    /**
     * {@link #slowLink} with strict priority among {@code classes} service classes, as an htb qdisc
     * gives it: the root class carries {@code bitsPerSecond} with a bucket of {@code bucketBytes}, and
     * leaf classes {@code 1:10}, {@code 1:11}, ... (hexadecimal minors, in priority order, each in
     * front of its own deep queue) hold next to no rate of their own, so nearly everything they send
     * they borrow from the root, which lends to the waiting class of highest priority first. A packet
     * goes to the leaf whose handle its skb priority is (nftables: {@code meta priority set 1:10}),
     * else to the last. Linux's htb gives each leaf one frame of credit of its own at the start, so a
     * leaf's first frame may leave ahead of its turn. {@link #clearRateLimit} removes it.
     */
    public void strictPriority(String node, String iface, long bitsPerSecond, int bucketBytes, int classes) {
        if (bitsPerSecond <= 0) throw new IllegalArgumentException("a rate in bit/s, got " + bitsPerSecond);
        if (bucketBytes <= 0) throw new IllegalArgumentException("a bucket in bytes, got " + bucketBytes);
        if (classes < 2 || classes > 16) throw new IllegalArgumentException("2 to 16 classes, got " + classes);
        String rate = bitsPerSecond + "bit", bucket = String.valueOf(bucketBytes);
        // 10 s of the rate in frames of 64 bytes or more: frames wait rather than drop, as slowLink's latency 10s
        String depth = String.valueOf(Math.max(1000, bitsPerSecond * 10 / (8 * 64)));
        List<String> batch = new ArrayList<>();
        batch.add("qdisc replace dev " + iface + " root handle 1: htb default " + Integer.toHexString(0x10 + classes - 1));
        batch.add("class add dev " + iface + " parent 1: classid 1:1 htb rate " + rate + " ceil " + rate + " burst " + bucket + " cburst " + bucket);
        for (int i = 0; i < classes; i++) {
            String leaf = Integer.toHexString(0x10 + i);
            batch.add("class add dev " + iface + " parent 1:1 classid 1:" + leaf + " htb rate 8bit ceil " + rate + " burst 1 cburst " + bucket
                    + " prio " + i + " quantum 1514");
            batch.add("qdisc add dev " + iface + " parent 1:" + leaf + " handle " + leaf + ": pfifo limit " + depth);
        }
        Path file = null;
        try {
            file = Files.createTempFile("sonde-tc-", ".batch");
            Files.write(file, batch);
            exec(node, "tc", "-batch", file.toString());
        } catch (IOException e) {
            throw new EnvironmentException("cannot write a temporary tc batch file: " + e.getMessage(), "check that the temporary directory is writable", e);
        } finally {
            if (file != null) file.toFile().delete();
        }
    }

    /** Removes the limit of {@link #rateLimit}, {@link #slowLink} or {@link #strictPriority}. */
    public void clearRateLimit(String node, String iface) {
        exec(node, "tc", "qdisc", "del", "dev", iface, "root");
    }

    /**
     * Switches {@code iface} of {@code node} on or off. Off, its veth peer loses its carrier, and
     * the kernel withdraws the routes through the interface (and its neighbours) until they are added again.
     */
    public void setUp(String node, String iface, boolean up) {
        NetNamespace.ip("-n", namespace(node), "link", "set", "dev", iface, up ? "up" : "down");
    }

    /**
     * Receive packet steering: the kernel processes what arrives on {@code iface} of {@code node}
     * (from its veth peer) on the CPUs of {@code cpuMask} rather than on the CPU that sent it.
     */
    public void steerReceive(String node, String iface, long cpuMask) {
        if (cpuMask == 0) throw new IllegalArgumentException("an empty CPU mask");
        // the name goes into a shell line (sysfs shows a namespace's devices only under ip netns exec)
        if (!iface.matches("[A-Za-z0-9_.-]{1,15}")) throw new IllegalArgumentException("not an interface name: " + iface);
        exec(node, "sh", "-c", "echo " + Long.toHexString(cpuMask) + " > /sys/class/net/" + iface + "/queues/rx-0/rps_cpus");
    }

    /** The interface's index inside {@code node} (as netfilter reports in- and out-devices). */
    public int interfaceIndex(String node, String interfaceName) {
        return call(node, () -> Sys.ifIndex(interfaceName));
    }

    /** Fails with how to go on unless this process is root (namespaces and veth links need it). */
    public static void requireRoot() {
        String uid = null;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) uid = line.split("\\s+")[2]; // the effective uid
            }
        } catch (IOException e) {
            throw new EnvironmentException("cannot read /proc/self/status to check for root: " + e.getMessage(), null, e);
        }
        if (!"0".equals(uid)) {
            throw new EnvironmentException("real-host testbeds need root: they create network namespaces and veth links",
                    "run as root (e.g. with sudo), or use the simulated target");
        }
    }

    /** Deletes namespaces named {@code PREFIX-PID-...} whose process is gone (a run killed before its cleanup). */
    public static void deleteStale(String prefix) {
        for (String name : NetNamespace.list()) {
            if (!name.startsWith(prefix + "-")) continue;
            String[] parts = name.substring(prefix.length() + 1).split("-");
            try {
                long pid = Long.parseLong(parts[0]);
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) continue;
            } catch (NumberFormatException e) {
                continue; // not one of ours
            }
            deleteQuietly(name);
        }
    }

    static void deleteQuietly(String name) {
        try {
            NetNamespace.ip("netns", "delete", name);
        } catch (RuntimeException e) {
            // already gone
        }
    }

    /** The prefix this testbed's namespaces carry. */
    public String prefix() {
        return prefix;
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook deletes them
        }
        deleteNamespaces();
    }

    private synchronized void deleteNamespaces() {
        if (closed) return;
        closed = true;
        if (!owned) return;
        List<String> present = NetNamespace.list();
        for (String ns : namespaces.values()) if (present.contains(ns)) deleteQuietly(ns);
    }
}
