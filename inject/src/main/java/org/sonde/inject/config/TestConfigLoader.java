package org.sonde.inject.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sonde.core.BadInputException;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Psn;
import org.sonde.core.config.ConfigMap;
import org.sonde.core.config.ConfigMap.ConfigException;
import org.sonde.core.config.YamlTree;

/**
 * Reads an injection test from YAML compatible with Lumina's configuration ({@code conf/example.yml}
 * and the paper's Listing 2). Every setting is checked; an error names the file, the line and key path,
 * what is wrong and how to fix it. Lumina's sections about real hardware (switch, hosts' SSH and NIC
 * names, mirrors, result paths) are accepted with their documented keys and ignored, listed in
 * {@link TestConfig#ignoredSettings()}; any other key is an error. The exception is a host's
 * {@code nic.ip-list}: it gives the simulated host its addresses (GIDs), which {@code multi-gid} spreads the QPs over.
 *
 * <p>Sonde's additions: {@code index-convention}, {@code iter-tracking}, {@code mirror},
 * {@code traffic.initial-psn}, {@code traffic.ctrl-pkt-events} (events on ACK, NAK, READ request and
 * CNP packets) and the event types {@code delay}, {@code reorder}, {@code duplicate}, {@code rewrite}.
 */
public final class TestConfigLoader {
    private static final String HINT = "see examples/inject/README.md for the test format";
    private static final List<String> SSH_KEYS = List.of("control-ip", "username", "ssh-key-filepath", "workspace");
    private static final int MAX_QPS = 4096;

    private final YamlTree yaml;
    private final List<String> ignored = new ArrayList<>();

    private TestConfigLoader(YamlTree yaml) {
        this.yaml = yaml;
    }

    /** Reads a test file. */
    public static TestConfig load(Path file) {
        YamlTree tree = YamlTree.read(file, "test file", "give the path of a test, e.g. examples/inject/listing2.yaml");
        return read(tree, file.getFileName().toString().replaceFirst("\\.ya?ml$", ""));
    }

    /** Reads a test from YAML text; {@code source} names it in errors, {@code defaultName} is its name without a {@code name} key. */
    public static TestConfig parse(String text, String source, String defaultName) {
        return read(YamlTree.parse(source, text), defaultName);
    }

    /** A test from a document already read ({@code defaultName}: its name without a {@code name} key). */
    public static TestConfig read(YamlTree tree, String defaultName) {
        if (tree.root() == null) throw new BadInputException(tree.source(), "line 1", "the test is empty", HINT, null);
        TestConfigLoader loader = new TestConfigLoader(tree);
        return tree.interpret(root -> loader.read(root, defaultName), HINT);
    }

    private TestConfig read(ConfigMap root, String defaultName) {
        String name = root.string("name", defaultName);
        root.string("description", "");
        IndexConvention convention = root.choice("index-convention", IndexConvention.class, IndexConvention.PAPER);
        IterTracking iter = root.choice("iter-tracking", IterTracking.class,
                convention == IndexConvention.LUMINA_CODE ? IterTracking.LUMINA_CODE : IterTracking.PAPER);

        RoceParameters shared = roceParameters(root.section("roce-parameters"), RoceParameters.NIC_DEFAULTS);
        HostSettings requester = host(root.section("requester"), shared);
        HostSettings responder = host(root.section("responder"), shared);
        for (int i = 0; i < responder.ips().size(); i++) {
            if (requester.ips().contains(responder.ips().get(i))) {
                throw new ConfigException("responder.nic.ip-list[" + i + "]", Ipv4Address.format(responder.ips().get(i))
                        + " is also the requester's: the two hosts need their own addresses");
            }
        }
        ignoreLumina(root);
        for (String mirror : List.of("requester-mirror", "responder-mirror")) luminaMirror(root.section(mirror));
        ConfigMap switchSection = root.section("switch");
        ignore(switchSection, concat(SSH_KEYS, "sde-path", "port-speed", "fec-type", "listen-port", "local-switch-config-path"));
        switchSection.finish();

        int rewritePort = (int) root.integer("rewrite-udp-dst-port", MirrorConfig.LUMINA_REWRITE_PORT, 1, 65_535);
        if (rewritePort == 4791) throw new ConfigException("rewrite-udp-dst-port", "must differ from RoCE's 4791: mirrored copies are told apart by it");
        MirrorConfig mirror = mirror(root.section("mirror"), rewritePort);

        if (!root.has("traffic")) throw new ConfigException("traffic", "is required (the traffic and its events)");
        ConfigMap t = root.section("traffic");
        Traffic traffic = traffic(t);
        List<EventIntent> events = new ArrayList<>();
        List<Object> data = t.list("data-pkt-events");
        for (int i = 0; i < data.size(); i++) {
            events.add(event(ConfigMap.of(t.pathOf("data-pkt-events") + "[" + i + "]", data.get(i)), traffic, convention, false));
        }
        List<Object> control = t.list("ctrl-pkt-events");
        for (int i = 0; i < control.size(); i++) {
            events.add(event(ConfigMap.of(t.pathOf("ctrl-pkt-events") + "[" + i + "]", control.get(i)), traffic, convention, true));
        }
        t.finish();
        checkTxDepth(traffic, events, t);
        root.finish();
        return new TestConfig(name, traffic, events, convention, iter, requester.roce(), responder.roce(), requester.ips(), responder.ips(),
                mirror, ignored);
    }

    // --- traffic ---------------------------------------------------------------------------------

    private Traffic traffic(ConfigMap t) {
        if (!t.has("rdma-verb")) throw new ConfigException(t.pathOf("rdma-verb"), "is required: write, send, read or send_read");
        RdmaVerb verb = verb(t);
        String qpKey = t.has("num-qps") ? "num-qps" : "num-connections"; // num-connections: the paper's name
        if (t.has("num-qps") && t.has("num-connections")) {
            throw new ConfigException(t.pathOf("num-connections"), "is the paper's name for num-qps; give only one of them");
        }
        int numQps;
        int sendQps = 0;
        String qps = t.string(qpKey, "1").strip();
        if (verb == RdmaVerb.SEND_READ) {
            String[] parts = qps.split(",", -1);
            if (parts.length != 2) throw new ConfigException(t.pathOf(qpKey), "'" + qps + "': send_read needs \"a,b\" (a SEND QPs, then b READ QPs)");
            sendQps = count(t, qpKey, parts[0]);
            int readQps = count(t, qpKey, parts[1]);
            numQps = sendQps + readQps;
        } else {
            if (qps.contains(",")) throw new ConfigException(t.pathOf(qpKey), "'" + qps + "': \"a,b\" is only for rdma-verb send_read; give one number");
            numQps = count(t, qpKey, qps);
        }
        if (numQps < 1 || numQps > MAX_QPS) throw new ConfigException(t.pathOf(qpKey), numQps + " QPs: must be 1.." + MAX_QPS);
        int messages = (int) t.integer("num-msgs-per-qp", 1, 1, Integer.MAX_VALUE);
        if (!t.has("message-size")) throw new ConfigException(t.pathOf("message-size"), "is required (bytes per message)");
        long size = t.integer("message-size", 0, 1, 0xFFFF_FFFFL);
        int mtu = (int) t.integer("mtu", 1024, 256, 4096);
        if (Integer.bitCount(mtu) != 1) throw new ConfigException(t.pathOf("mtu"), mtu + " is not 256, 512, 1024, 2048 or 4096");
        long packets = ((size + mtu - 1) / mtu) * messages;
        if (packets >= Psn.HALF) {
            // beyond half the PSN space "before" and "after" are ambiguous and absolute PSNs of one QP collide
            throw new ConfigException(t.pathOf("num-msgs-per-qp"), messages + " messages of " + size + " bytes are " + packets
                    + " packets per QP; keep it below 2^23 = " + Psn.HALF + " so PSNs stay unambiguous");
        }
        boolean multiGid = t.bool("multi-gid", false);
        boolean barrier = t.bool("barrier-sync", false);
        int txDepth = (int) t.integer("tx-depth", 1, 1, 65_535);
        if (barrier && txDepth != 1) throw new ConfigException(t.pathOf("barrier-sync"), "needs tx-depth 1 (got " + txDepth + "): a barrier waits for each QP's single outstanding message");
        int timeout = (int) t.integer("min-retransmit-timeout", 14, 0, 31);
        int retries = (int) t.integer("max-retransmit-retry", 7, 0, 7);
        List<Integer> dscp = new ArrayList<>();
        List<Object> dl = t.list("dscp-list");
        for (int i = 0; i < dl.size(); i++) {
            Object v = dl.get(i);
            if (!(v instanceof Integer d) || d < 0 || d > 63) {
                throw new ConfigException(t.pathOf("dscp-list") + "[" + i + "]", "'" + v + "' is not a DSCP value 0..63");
            }
            dscp.add(d);
        }
        t.raw("listen-port"); // the generators' rendezvous port: nothing to do in Sonde
        if (t.has("listen-port")) ignored.add(t.pathOf("listen-port"));
        int initialPsn = -1;
        String ipsn = t.string("initial-psn", "random");
        if (!ipsn.equals("random")) initialPsn = (int) t.integer("initial-psn", 0, 0, Psn.MASK);
        return new Traffic(verb, numQps, sendQps, messages, size, mtu, multiGid, barrier, txDepth, timeout, retries, dscp, initialPsn);
    }

    private static RdmaVerb verb(ConfigMap t) {
        String s = t.string("rdma-verb", null).strip().toLowerCase(Locale.ROOT);
        return switch (s) {
            case "write" -> RdmaVerb.WRITE;
            case "send" -> RdmaVerb.SEND;
            case "read" -> RdmaVerb.READ;
            case "send_read", "send-read" -> RdmaVerb.SEND_READ;
            default -> throw new ConfigException(t.pathOf("rdma-verb"), "'" + s + "' is not write, send, read or send_read");
        };
    }

    private static int count(ConfigMap t, String key, String text) {
        try {
            int n = Integer.parseInt(text.strip());
            if (n < 0) throw new NumberFormatException();
            return n;
        } catch (NumberFormatException e) {
            throw new ConfigException(t.pathOf(key), "'" + text.strip() + "' is not a QP count (a whole number ≥ 0)");
        }
    }

    // --- events ----------------------------------------------------------------------------------

    private EventIntent event(ConfigMap e, Traffic traffic, IndexConvention convention, boolean control) {
        PacketKind kind = PacketKind.DATA;
        if (control) {
            if (!e.has("packet")) throw new ConfigException(e.pathOf("packet"), "is required in ctrl-pkt-events: ack, nak, read-request or cnp");
            kind = e.choice("packet", PacketKind.class, null);
            if (kind == PacketKind.DATA) throw new ConfigException(e.pathOf("packet"), "data packets go in data-pkt-events");
        }
        boolean paper = convention == IndexConvention.PAPER;
        int base = paper ? 1 : 0;
        if (!e.has("qpn")) throw new ConfigException(e.pathOf("qpn"), "is required: the " + (paper ? "1" : "0") + "-based number of the QP");
        int qp = (int) e.integer("qpn", 0, base, base + traffic.numQps() - 1) - base;
        var verb = traffic.verbOfQp(qp);
        if ((kind == PacketKind.ACK || kind == PacketKind.NAK) && verb == org.sonde.sim.rdma.Verb.READ) {
            throw new ConfigException(e.pathOf("packet"), "QP " + (qp + base) + " uses READ: its responses acknowledge, there are no ACK/NAK packets");
        }
        if (kind == PacketKind.READ_REQUEST && verb != org.sonde.sim.rdma.Verb.READ) {
            throw new ConfigException(e.pathOf("packet"), "QP " + (qp + base) + " uses " + verb + ": it sends no READ requests");
        }
        if (!e.has("psn")) throw new ConfigException(e.pathOf("psn"), "is required: a packet number or 'all'");
        int packet;
        String psnText = e.string("psn", null).strip();
        if (psnText.equals("all")) {
            if (kind == PacketKind.CNP) throw new ConfigException(e.pathOf("psn"), "'all' CNPs is open-ended; give the number of the CNP");
            packet = EventIntent.ALL;
        } else {
            long last = kind == PacketKind.CNP ? Integer.MAX_VALUE - 1
                    : paper ? traffic.packetsPerQp() : traffic.packetsPerMessage() - 1L;
            long p = e.integer("psn", 0, Long.MIN_VALUE, Long.MAX_VALUE);
            if (p < base || p > last) {
                String what = kind == PacketKind.CNP ? "CNP numbers start at " + base
                        : paper ? "QP " + (qp + base) + " has " + traffic.packetsPerQp() + " packets (" + traffic.messagesPerQp() + " messages × "
                                + traffic.packetsPerMessage() + "), numbered 1.." + traffic.packetsPerQp() + " from the start of the connection"
                        : "a message has " + traffic.packetsPerMessage() + " packets, PSNs 0.." + last + " relative to each message";
                throw new ConfigException(e.pathOf("psn"), p + " is beyond the QP's packets: " + what);
            }
            packet = (int) (p - base);
        }
        int iteration = (int) e.integer("iter", 1, 1, 255);
        if (kind == PacketKind.CNP && iteration != 1) {
            throw new ConfigException(e.pathOf("iter"), "CNPs carry no PSN to count rounds by; number them with psn and leave iter at 1");
        }
        EventAction action = EventActions.parse(e, HeaderField.ROCE);
        e.finish();
        EventIntent.PsnScope scope = paper || kind == PacketKind.CNP ? EventIntent.PsnScope.CONNECTION : EventIntent.PsnScope.EACH_MESSAGE;
        return new EventIntent(qp, kind, packet, scope, iteration, action, e.path());
    }

    /** Lumina's rule: with several messages outstanding ITER cannot tell rounds apart, so only ECN marks (which cause no retransmission) are allowed. */
    private static void checkTxDepth(Traffic traffic, List<EventIntent> events, ConfigMap t) {
        if (traffic.txDepth() == 1) return;
        for (EventIntent e : events) {
            if (!(e.action() instanceof EventAction.MarkEcn)) {
                throw new ConfigException(e.where() + ".type", "tx-depth " + traffic.txDepth() + " allows only ecn events (several outstanding messages make "
                        + "retransmission rounds ambiguous); use tx-depth 1 or type ecn");
            }
        }
    }

    // --- hosts, mirrors and Lumina's hardware sections --------------------------------------------

    /** A host's roce-parameters and the addresses of its NIC ({@code nic.ip-list}; empty if not given). */
    private record HostSettings(RoceParameters roce, List<Integer> ips) {}

    private HostSettings host(ConfigMap h, RoceParameters shared) {
        ignore(h, SSH_KEYS);
        ConfigMap nic = h.section("nic");
        ignore(nic, List.of("type", "if-name", "pci-addr", "ib-device", "ib-port", "switch-port"));
        List<Integer> ips = ipList(nic);
        nic.finish();
        RoceParameters p = roceParameters(h.section("roce-parameters"), shared);
        h.finish();
        return new HostSettings(p, ips);
    }

    /** {@code ip-list}: distinct IPv4 addresses, each one GID of the simulated host. */
    private static List<Integer> ipList(ConfigMap nic) {
        List<Object> list = nic.list("ip-list");
        List<Integer> ips = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String where = nic.pathOf("ip-list") + "[" + i + "]";
            String text = String.valueOf(list.get(i)).strip();
            int ip;
            try {
                ip = Ipv4Address.parse(text).value();
            } catch (IllegalArgumentException e) {
                throw new ConfigException(where, "'" + text + "' is not an IPv4 address");
            }
            if (ip == 0) throw new ConfigException(where, "0.0.0.0 is no host address");
            if (ips.contains(ip)) throw new ConfigException(where, text + " is listed twice");
            ips.add(ip);
        }
        return ips;
    }

    private static RoceParameters roceParameters(ConfigMap r, RoceParameters d) {
        boolean rp = r.bool("dcqcn-rp-enable", d.dcqcnRpEnable());
        boolean np = r.bool("dcqcn-np-enable", d.dcqcnNpEnable());
        if (r.has("dcqcn-enable")) { // Intel E810's single switch
            if (r.has("dcqcn-rp-enable") || r.has("dcqcn-np-enable")) {
                throw new ConfigException(r.pathOf("dcqcn-enable"), "is the Intel form of dcqcn-rp-enable/dcqcn-np-enable; give one form");
            }
            rp = np = r.bool("dcqcn-enable", true);
        }
        RoceParameters p = new RoceParameters(rp, np,
                r.integer("min-time-between-cnps", d.minTimeBetweenCnpsMicros(), 0, 1_000_000),
                r.bool("adaptive-retrans", d.adaptiveRetrans()),
                r.bool("slow-restart", d.slowRestart()));
        r.finish();
        return p;
    }

    private void ignoreLumina(ConfigMap root) {
        ignore(root, List.of("local-workspace", "result-path", "num-repeats", "aggregate-pcap-filename"));
    }

    private void luminaMirror(ConfigMap m) {
        ignore(m, SSH_KEYS);
        ConfigMap dump = m.section("pkt-dump-conf");
        ignore(dump, List.of("dump-filename", "snap-len", "num-pkts"));
        dump.finish();
        ConfigMap nic = m.section("nic");
        ignore(nic, List.of("if-name", "pci-addr", "switch-port", "rte-port-id"));
        nic.finish();
        m.finish();
    }

    /** Marks Lumina's hardware keys as known and remembers the ones present. */
    private void ignore(ConfigMap c, List<String> keys) {
        for (String k : keys) if (c.has(k)) ignored.add(c.pathOf(k));
    }

    private static MirrorConfig mirror(ConfigMap m, int rewritePort) {
        MirrorConfig d = MirrorConfig.DEFAULT;
        int snap = (int) m.integer("snap-length", d.snapLength(), 70, 65_535);
        List<DumperSpec> dumpers = new ArrayList<>();
        List<Object> list = m.list("dumpers");
        for (int i = 0; i < list.size(); i++) {
            ConfigMap c = ConfigMap.of(m.pathOf("dumpers") + "[" + i + "]", list.get(i));
            String name = c.string("name", "dumper-" + (i + 1));
            if (!name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) throw new ConfigException(c.pathOf("name"), "'" + name + "' must be letters, digits, '.', '_' or '-'");
            if (dumpers.stream().anyMatch(x -> x.name().equals(name))) throw new ConfigException(c.pathOf("name"), "'" + name + "' names two dumpers");
            dumpers.add(new DumperSpec(name, (int) c.integer("weight", 1, 1, 1000),
                    c.integer("packets-per-second", 0, 0, Long.MAX_VALUE), (int) c.integer("ring-packets", 4095, 1, 1 << 24)));
            c.finish();
        }
        m.finish();
        return new MirrorConfig(dumpers.isEmpty() ? d.dumpers() : dumpers, snap, rewritePort);
    }

    private static List<String> concat(List<String> a, String... b) {
        List<String> l = new ArrayList<>(a);
        l.addAll(List.of(b));
        return l;
    }
}
