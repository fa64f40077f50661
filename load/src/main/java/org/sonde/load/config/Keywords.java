package org.sonde.load.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keywords Sonde accepts, each with dperf's syntax line (shown by {@code sonde load keywords}
 * and in errors) and the handler that checks its arguments into a {@link ConfigDraft}.
 * A handler throws {@link IllegalArgumentException} saying what is wrong with the arguments.
 */
final class Keywords {
    private Keywords() {}

    /** One keyword: its syntax, and how it reads its arguments. */
    record Keyword(String name, String syntax, String meaning, boolean repeatable, Handler handler) {}

    @FunctionalInterface
    interface Handler {
        void apply(ConfigDraft draft, List<String> args);
    }

    static final Map<String, Keyword> ALL = new LinkedHashMap<>();
    /** RFC 879's default MSS, the least every IPv4 host accepts. */
    static final int MSS_MIN = 536;
    /** Keywords that have a meaning only in the user-space engine (dperf's own, rejected on kernel sockets). */
    static final Map<String, Keyword> USERSPACE = new LinkedHashMap<>();

    private static void add(String name, String syntax, String meaning, Handler handler) {
        ALL.put(name, new Keyword(name, syntax, meaning, false, handler));
    }

    static {
        add("mode", "client|server", "the role (required)", (d, a) -> {
            arity(a, 1, 1);
            d.mode = switch (a.getFirst()) {
                case "client" -> Mode.CLIENT;
                case "server" -> Mode.SERVER;
                default -> throw new IllegalArgumentException("unknown mode '" + a.getFirst() + "' (expected client or server)");
            };
        });
        add("cpu", "N [N-M ...], e.g. 0-3 8", "one worker per CPU, pinned to it (default: one unpinned worker)", (d, a) -> {
            arity(a, 1, 64);
            for (String s : a) {
                int lo;
                int hi;
                int dash = s.indexOf('-');
                if (dash >= 0) {
                    lo = Numbers.integer(s.substring(0, dash));
                    hi = Numbers.integer(s.substring(dash + 1));
                } else {
                    lo = hi = Numbers.integer(s);
                }
                if (lo > hi) throw new IllegalArgumentException("bad cpu range '" + s + "' (the first CPU is above the last)");
                for (int c = lo; c <= hi; c++) {
                    if (d.cpus.contains(c)) throw new IllegalArgumentException("cpu " + c + " is listed twice");
                    if (d.cpus.size() == 64) throw new IllegalArgumentException("more than 64 CPUs (dperf's THREAD_NUM_MAX)");
                    d.cpus.add(c);
                }
            }
        });
        add("duration", "Time, e.g. 1.5d 2h 3.5m 100s 100", "the measured phase after wait and slow_start (default 60s)",
                (d, a) -> { arity(a, 1, 1); d.duration = Numbers.durationSeconds(a.getFirst()); });
        add("cps", "Number, e.g. 1m 1.5m 2k 100", "new connections per second over all workers (client)",
                (d, a) -> { arity(a, 1, 1); d.cps = Numbers.amount(a.getFirst(), true); });
        add("cc", "Number, e.g. 100m 1.5m 2k 100", "concurrent connections to hold (client; needs keepalive)", (d, a) -> {
            arity(a, 1, 1);
            d.cc = Numbers.amount(a.getFirst(), true);
            if (d.cc <= 0) throw new IllegalArgumentException("cc must be positive");
        });
        add("keepalive", "Interval [Number<=32767], e.g. 0us, 10us, 1ms, 60s",
                "client: one request per interval per connection, closing after Number requests; server: idle timeout 4 x retransmit_timeout + interval",
                (d, a) -> {
            arity(a, 1, 2);
            long interval = Numbers.intervalMicros(a.getFirst());
            int requests = 0;
            if (a.size() == 2) {
                long n = Numbers.amount(a.get(1), true);
                if (n > Keepalive.MAX_REQUESTS) throw new IllegalArgumentException("request number " + a.get(1) + " is above " + Keepalive.MAX_REQUESTS);
                requests = (int) n;
            }
            if (interval == 0 && requests != 0) {
                throw new IllegalArgumentException("a request number needs a positive interval (dperf's rule: interval 0 sends without end)");
            }
            d.keepalive = new Keepalive(interval, requests);
        });
        add("launch_num", "Number", "connections launched per pacing tick at most (default 4)", (d, a) -> {
            arity(a, 1, 1);
            d.launchNum = Numbers.integer(a.getFirst());
            if (d.launchNum < 1 || d.launchNum > 1024) throw new IllegalArgumentException("launch_num must be 1-1024");
        });
        ALL.put("client", new Keyword("client", "IPAddress Number [IPAddress Number ...]",
                "source addresses, ranges of the last byte (repeatable; default: the kernel chooses)", true,
                (d, a) -> ranges(d, a, d.clients, "client")));
        ALL.put("server", new Keyword("server", "IPAddress Number",
                "client: the addresses to connect to; server: the addresses to listen on (repeatable)", true,
                (d, a) -> ranges(d, a, d.servers, "server")));
        add("listen", "Port Number", "ports Port .. Port+Number-1 (default 80 1)", (d, a) -> {
            arity(a, 2, 2);
            int port = Numbers.integer(a.get(0));
            int n = Numbers.integer(a.get(1));
            if (port <= 0 || n <= 0) throw new IllegalArgumentException("port and number must be positive");
            if (port + n >= 65535) throw new IllegalArgumentException("ports " + port + ".." + (port + n - 1) + " run past 65534");
            d.listenPort = port;
            d.listenCount = n;
        });
        add("client_port_range", "Min Max, e.g. 10000 20000", "source ports bound explicitly (default: the kernel's ephemeral ports)",
                (d, a) -> portRange(d, a));
        add("lport_range", "Min [Max]", "deprecated name of client_port_range", (d, a) -> {
            d.warnings.add("'lport_range' is deprecated; write 'client_port_range'");
            portRange(d, a);
        });
        add("protocol", "tcp|udp|http",
                "tcp: fixed payloads; http: parse real servers' responses; udp: payload_size datagrams, one per flow in flight, answered by the server (default tcp)",
                (d, a) -> {
            arity(a, 1, 1);
            d.protocol = switch (a.getFirst()) {
                case "tcp" -> Protocol.TCP;
                case "udp" -> Protocol.UDP;
                case "http" -> Protocol.HTTP;
                default -> throw new IllegalArgumentException("unknown protocol '" + a.getFirst() + "' (expected tcp, udp or http)");
            };
        });
        add("payload_size", "Number", "request/response payload bytes; below 85 raw filler, else a padded HTTP message", (d, a) -> {
            arity(a, 1, 1);
            long n = Numbers.amount(a.getFirst(), true);
            if (n <= 0) throw new IllegalArgumentException("payload_size must be positive");
            if (n > ConfigParser.PAYLOAD_MAX) throw new IllegalArgumentException("payload_size " + a.getFirst() + " is above Sonde's 16 MiB (payloads are kept in memory)");
            d.payloadSize = (int) n;
        });
        add("payload_random", "", "random a-z filler instead of 'a'", (d, a) -> { arity(a, 0, 0); d.payloadRandom = true; });
        add("payload_file", "Path", "the payload's bytes come from a file (relative to the configuration file)", (d, a) -> {
            arity(a, 1, 1);
            d.payloadFile = Path.of(a.getFirst());
        });
        add("packet_size", "Number", "deprecated in dperf and ignored", (d, a) -> {
            arity(a, 1, 1);
            Numbers.amount(a.getFirst(), true);
            d.warnings.add("'packet_size' is deprecated and ignored, as in dperf; write 'payload_size'");
        });
        add("wait", "Seconds", "delay before the launcher starts (client, default 3; Sonde also accepts 0)", (d, a) -> {
            arity(a, 1, 1);
            d.wait = Numbers.integer(a.getFirst());
        });
        add("slow_start", "Seconds[10-600]", "linear ramp of cps from 0 (client, default 30; Sonde also accepts 0: no ramp)", (d, a) -> {
            arity(a, 1, 1);
            int v = Numbers.integer(a.getFirst());
            if (v != 0 && (v < 10 || v > 600)) throw new IllegalArgumentException("slow_start must be 10-600 seconds (or 0 for no ramp), got " + v);
            d.slowStart = v;
        });
        add("retransmit_timeout", "Seconds[2-300]", "dperf's RTO; a connection without progress for 4 RTOs fails (skErr) (default 2)", (d, a) -> {
            arity(a, 1, 1);
            int v = Numbers.integer(a.getFirst());
            if (v < 2 || v > 300) throw new IllegalArgumentException("retransmit_timeout must be 2-300 seconds, got " + v);
            d.rto = v;
        });
        add("fast_close", "", "the client closes its connections with RST (kernel engine: SO_LINGER 0, no TIME_WAIT;"
                + " user-space engine: an RST|ACK instead of its FIN)", (d, a) -> { arity(a, 0, 0); d.fastClose = true; });
        add("defer_accept", "", "server: the kernel hands over a connection only once its first request has arrived (TCP_DEFER_ACCEPT,"
                + " nginx's 'listen ... deferred'), answered at once; a client's bare ACK is dropped and the SYN-ACK resent after 1 s"
                + " (Sonde's own keyword)", (d, a) -> { arity(a, 0, 0); d.deferAccept = true; });
        add("http_host", "String", "the Host header (client, default dperf)", (d, a) -> {
            arity(a, 1, 1);
            if (a.getFirst().length() >= ConfigParser.HTTP_HOST_MAX) throw new IllegalArgumentException("http_host is longer than " + (ConfigParser.HTTP_HOST_MAX - 1));
            d.httpHost = a.getFirst();
        });
        add("http_path", "/String", "the request path (client, default /)", (d, a) -> {
            arity(a, 1, 1);
            if (!a.getFirst().startsWith("/")) throw new IllegalArgumentException("http_path must start with '/'");
            if (a.getFirst().length() >= ConfigParser.HTTP_PATH_MAX) throw new IllegalArgumentException("http_path is longer than " + (ConfigParser.HTTP_PATH_MAX - 1));
            d.httpPath = a.getFirst();
        });
        add("http_method", "GET|POST", "the request method (client, default GET)", (d, a) -> {
            arity(a, 1, 1);
            d.httpMethod = switch (a.getFirst()) {
                case "GET" -> HttpMethod.GET;
                case "POST" -> HttpMethod.POST;
                default -> throw new IllegalArgumentException("unknown method '" + a.getFirst() + "' (expected GET or POST)");
            };
        });
        add("tos", "Number[0x00-0xff], e.g. 0x01 or 1", "IP TOS (IPv4) or traffic class (IPv6) of every packet", (d, a) -> {
            arity(a, 1, 1);
            d.tos = Numbers.hexOrDecimal(a.getFirst(), 0, 0xff);
        });
        add("client_hop", "", "a new source address and port for every connection (Sonde always does this)", (d, a) -> {
            arity(a, 0, 0);
            d.warnings.add("'client_hop' is how Sonde always launches: each connection takes the next source address and port");
        });
        add("quiet", "", "no statistics every second, only the summary", (d, a) -> { arity(a, 0, 0); d.quiet = true; });
        add("flood", "", "UDP client: each new flow sends one datagram and closes, awaiting nothing (cps = datagrams per second)",
                (d, a) -> { arity(a, 0, 0); d.flood = true; });
        add("change_dip", "IPAddress Step Number", "UDP flood: the datagrams go to IPAddress, IPAddress+Step, ... (Number addresses) in turn,"
                + " instead of the 'server' addresses", (d, a) -> {
            arity(a, 3, 3);
            InetAddress first = address(a.get(0));
            if (first.isAnyLocalAddress() || first.isMulticastAddress()) throw new IllegalArgumentException("'" + a.get(0) + "' cannot start a destination pool");
            int step = Numbers.integer(a.get(1));
            int n = Numbers.integer(a.get(2));
            if (step < 1) throw new IllegalArgumentException("the step must be positive, got " + step);
            if (n < 1 || n > DipPool.MAX_COUNT) throw new IllegalArgumentException("the number must be 1-" + DipPool.MAX_COUNT + ", got " + n);
            int bits = first.getAddress().length * 8;
            java.math.BigInteger last = new java.math.BigInteger(1, first.getAddress()).add(java.math.BigInteger.valueOf((long) step * (n - 1)));
            if (last.bitLength() > bits) throw new IllegalArgumentException("the pool runs past the last " + (bits == 32 ? "IPv4" : "IPv6") + " address");
            d.changeDip = new DipPool(first, step, n);
        });
        add("pipeline", "Number 0-100", "UDP client: datagrams sent together on a flow, all in flight until answered (0 or 1: one)", (d, a) -> {
            arity(a, 1, 1);
            d.pipeline = Numbers.integer(a.getFirst());
            if (d.pipeline < 0 || d.pipeline > 100) throw new IllegalArgumentException("pipeline must be 0-100");
        });
        add("engine", "kernel|userspace", "kernel sockets (default), or Sonde's user-space stop-and-wait TCP on a raw AF_PACKET socket"
                + " (needs 'port'; one worker per 'cpu', each with its own socket in a fanout group; TCP and HTTP)", (d, a) -> {
            arity(a, 1, 1);
            d.engine = switch (a.getFirst()) {
                case "kernel" -> Engine.KERNEL;
                case "userspace" -> Engine.USERSPACE;
                default -> throw new IllegalArgumentException("unknown engine '" + a.getFirst() + "' (expected kernel or userspace)");
            };
        });
        add("netns", "Name", "the network namespace (ip netns) the user-space engine's interface is in", (d, a) -> {
            arity(a, 1, 1);
            if (!a.getFirst().matches("[A-Za-z0-9_.-]+")) throw new IllegalArgumentException("'" + a.getFirst() + "' is not a namespace name (letters, digits, _ . -)");
            d.netns = a.getFirst();
        });
        USERSPACE.put("port", new Keyword("port", "IFNAME IPAddress Gateway [GatewayMAC]",
                "the interface the raw socket binds, this side's address on it, and the gateway frames go to (ARP, or over IPv6 a"
                        + " neighbour solicitation, resolves it unless its MAC is given; on a direct link the peer itself)", false, (d, a) -> {
            arity(a, 3, 4);
            if (!a.get(0).matches("[A-Za-z0-9_.:@-]{1,15}")) throw new IllegalArgumentException("'" + a.get(0) + "' is not an interface name (at most 15 characters)");
            InetAddress own = address(a.get(1));
            InetAddress gateway = address(a.get(2));
            if (own.getClass() != gateway.getClass()) throw new IllegalArgumentException("the address and the gateway are of different families (IPv4 and IPv6)");
            java.util.Optional<String> mac = java.util.Optional.empty();
            if (a.size() == 4) {
                if (!a.get(3).matches("([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}")) throw new IllegalArgumentException("'" + a.get(3) + "' is not a MAC address (aa:bb:cc:dd:ee:ff)");
                mac = java.util.Optional.of(a.get(3));
            }
            d.port = new PortSpec(a.get(0), own, gateway, mac);
        }));
        USERSPACE.put("mss", new Keyword("mss", "Number", "the MSS option of this side's SYNs and SYN-ACKs: the longest segment the peer may send"
                + " (default 1460 over IPv4, 1440 over IPv6); payloads must fit in it", false, (d, a) -> {
            arity(a, 1, 1);
            int mss = Numbers.integer(a.getFirst());
            if (mss < MSS_MIN) throw new IllegalArgumentException("the MSS must be at least " + MSS_MIN + " (the IPv4 minimum of RFC 879), got " + mss);
            d.mss = mss;
        }));
        USERSPACE.put("vxlan", new Keyword("vxlan", "vni innerSMAC innerDMAC localVtepIPAddr Number remoteVtepIPAddr Number",
                "every frame travels in VXLAN (outer IPv4/UDP 4789) from the local to the remote tunnel endpoint, the inner frames with"
                        + " these MACs; the 'port' line is the outer network's (one endpoint each way: Number 1)", false, (d, a) -> {
            arity(a, 7, 7);
            int vni = Numbers.integer(a.get(0));
            if (vni < 0 || vni > VxlanSpec.VNI_MAX) throw new IllegalArgumentException("the vni must be 0-" + VxlanSpec.VNI_MAX);
            for (int i = 1; i <= 2; i++) {
                if (!a.get(i).matches("([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}")) throw new IllegalArgumentException("'" + a.get(i) + "' is not a MAC address (aa:bb:cc:dd:ee:ff)");
            }
            InetAddress local = address(a.get(3));
            InetAddress remote = address(a.get(5));
            if (!(local instanceof java.net.Inet4Address) || !(remote instanceof java.net.Inet4Address)) {
                throw new IllegalArgumentException("the tunnel endpoints are IPv4 addresses (the outer network is IPv4, as in dperf)");
            }
            if (Numbers.integer(a.get(4)) != 1 || Numbers.integer(a.get(6)) != 1) {
                throw new IllegalArgumentException("Sonde runs VXLAN on one worker with one tunnel endpoint each way: both Numbers must be 1");
            }
            d.vxlan = new VxlanSpec(vni, a.get(1), a.get(2), local, remote);
        }));
        USERSPACE.put("tcp_rst", new Keyword("tcp_rst", "0|1", "1 (default): a segment for no socket of the engine is answered with RST;"
                + " 0: it is dropped without an answer (counted as tcpDrop either way; with 'kni' other ports go to the kernel)", false, (d, a) -> {
            arity(a, 1, 1);
            d.tcpRst = switch (a.getFirst()) {
                case "0" -> false;
                case "1" -> true;
                default -> throw new IllegalArgumentException("expected 0 or 1, got '" + a.getFirst() + "'");
            };
        }));
        USERSPACE.put("vlan", new Keyword("vlan", "ID[1-" + UserspaceOptions.VLAN_MAX + "]", "every frame the engine sends carries an 802.1Q tag with this"
                + " VLAN ID, and it takes only frames with that tag (the peer: a VLAN interface, ip link add link DEV name DEV.ID type vlan id ID)",
                false, (d, a) -> {
            arity(a, 1, 1);
            int id = Numbers.integer(a.getFirst());
            if (id < 1 || id > UserspaceOptions.VLAN_MAX) throw new IllegalArgumentException("the VLAN ID must be 1-" + UserspaceOptions.VLAN_MAX + ", got " + id);
            d.vlan = id;
        }));
        USERSPACE.put("jumbo", new Keyword("jumbo", "[MTU " + UserspaceOptions.JUMBO_MTU_MIN + "-" + UserspaceOptions.JUMBO_MTU_MAX + "]",
                "jumbo frames: the engine's frames and ring slots hold this MTU (default " + UserspaceOptions.JUMBO_MTU_MAX + ") and its MSS is derived"
                        + " from it (MTU - 40 over IPv4, - 60 over IPv6); set the interfaces' MTU to it too", false, (d, a) -> {
            arity(a, 0, 1);
            int mtu = a.isEmpty() ? UserspaceOptions.JUMBO_MTU_MAX : Numbers.integer(a.getFirst());
            if (mtu < UserspaceOptions.JUMBO_MTU_MIN || mtu > UserspaceOptions.JUMBO_MTU_MAX) {
                throw new IllegalArgumentException("the jumbo MTU must be " + UserspaceOptions.JUMBO_MTU_MIN + "-" + UserspaceOptions.JUMBO_MTU_MAX + ", got " + mtu);
            }
            d.jumboMtu = mtu;
        }));
        USERSPACE.put("send_window", new Keyword("send_window", "Number[" + UserspaceOptions.SEND_WINDOW_MIN + "-" + UserspaceOptions.SEND_WINDOW_MAX + "]",
                "server: a response longer than one segment (payload_size up to 16 MiB) goes out in a window of this many segments"
                        + " (default " + UserspaceOptions.SEND_WINDOW_DEFAULT + "), sliding with the ACKs; a lost segment is resent after 3 duplicate"
                        + " ACKs (then each partial ACK's, NewReno), the window from the first unacknowledged byte after 1.1 retransmit timeouts", false, (d, a) -> {
            arity(a, 1, 1);
            int n = Numbers.integer(a.getFirst());
            if (n < UserspaceOptions.SEND_WINDOW_MIN || n > UserspaceOptions.SEND_WINDOW_MAX) {
                throw new IllegalArgumentException("the window must be " + UserspaceOptions.SEND_WINDOW_MIN + "-" + UserspaceOptions.SEND_WINDOW_MAX + " segments, got " + n);
            }
            d.sendWindow = n;
        }));
        USERSPACE.put("disable_ack", new Keyword("disable_ack", "", "the client sends no pure ACK of a response: the acknowledgement rides"
                + " on the next request or the FIN (the server's FIN is still acknowledged)", false, (d, a) -> {
            arity(a, 0, 0);
            d.disableAck = true;
        }));
        USERSPACE.put("neigh_ignore", new Keyword("neigh_ignore", "", "ARP requests and neighbour solicitations are answered for the"
                + " 'port' line's address only, not for the 'client' or 'server' addresses (LVS-DR: the load balancer alone answers for"
                + " the virtual address its real servers serve, and forwards to each server's own address)", false, (d, a) -> {
            arity(a, 0, 0);
            d.neighIgnore = true;
        }));
        USERSPACE.put("kni", new Keyword("kni", "[IFNAME]",
                "frames that belong to no connection or listener go to a TAP interface of the kernel with this side's MAC and addresses"
                        + " (default name kni-PORTIF), and what the kernel sends there goes out of the port: ping, ARP and other tools work"
                        + " on the engine's addresses (dperf's KNI)", false, (d, a) -> {
            arity(a, 0, 1);
            if (a.size() == 1 && !a.getFirst().matches("[A-Za-z0-9_.-]{1,15}")) {
                throw new IllegalArgumentException("'" + a.getFirst() + "' is not an interface name (at most 15 letters, digits, _ . -)");
            }
            d.kni = a.isEmpty() ? "" : a.getFirst();
        }));
    }

    private static void portRange(ConfigDraft d, List<String> a) {
        arity(a, 1, 2);
        int min = Numbers.integer(a.get(0));
        int max = a.size() == 2 ? Numbers.integer(a.get(1)) : 65535;
        if (min <= 0 || min > 65535 || max <= 0 || max > 65535) throw new IllegalArgumentException("ports must be 1-65535");
        if (min >= max) throw new IllegalArgumentException("the first port " + min + " must be below the last " + max);
        d.clientPorts = new PortRange(min, max);
    }

    private static void ranges(ConfigDraft d, List<String> a, List<AddressRange> into, String what) {
        if (a.isEmpty() || a.size() % 2 != 0) throw new IllegalArgumentException("expected pairs of IPAddress Number, got " + a.size() + " argument(s)");
        for (int i = 0; i < a.size(); i += 2) {
            InetAddress ip = address(a.get(i));
            if (ip.isAnyLocalAddress()) throw new IllegalArgumentException("the wildcard address " + a.get(i) + " cannot start a range");
            int n = Numbers.integer(a.get(i + 1));
            if (n < 1 || n > AddressRange.MAX_COUNT) throw new IllegalArgumentException("bad " + what + " ip range " + a.get(i) + " " + a.get(i + 1)
                    + ": the number must be 1-" + AddressRange.MAX_COUNT);
            int last = ip.getAddress()[ip.getAddress().length - 1] & 0xff;
            if (last + n - 1 > 255) throw new IllegalArgumentException("bad " + what + " ip range " + a.get(i) + " " + n + ": only the last byte varies, and " + last + "+" + n + "-1 is above 255");
            if (into.size() == ConfigParser.RANGES_MAX) throw new IllegalArgumentException("more than " + ConfigParser.RANGES_MAX + " " + what + " ranges");
            into.add(new AddressRange(ip, n));
        }
    }

    /** A literal address only: a host name would make the test depend on a resolver. */
    static InetAddress address(String s) {
        try {
            if (s.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}")) {
                String[] parts = s.split("\\.");
                byte[] b = new byte[4];
                for (int i = 0; i < 4; i++) {
                    int v = Integer.parseInt(parts[i]);
                    if (v > 255) throw new IllegalArgumentException("'" + s + "' is not an IPv4 address (" + v + " is above 255)");
                    b[i] = (byte) v;
                }
                return InetAddress.getByAddress(b);
            }
            // a colon makes getByName parse an IPv6 literal without asking a resolver
            if (s.contains(":") && s.matches("[0-9A-Fa-f:.]+")) return InetAddress.getByName(s);
        } catch (UnknownHostException e) {
            // falls through to the error below
        }
        throw new IllegalArgumentException("'" + s + "' is not an IPv4 or IPv6 address");
    }

    private static void arity(List<String> a, int min, int max) {
        if (a.size() < min || a.size() > max) {
            String expected = min == max ? (min == 0 ? "no arguments" : min + " argument" + (min == 1 ? "" : "s"))
                    : min + " to " + max + " arguments";
            throw new IllegalArgumentException("expected " + expected + ", got " + a.size());
        }
    }
}
