package org.sonde.load.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Formats statistics as dperf prints them ({@code net_stats_print_speed}): "name value" pairs
 * in fixed columns, one group per line, non-zero error fields in red on a terminal. The lines
 * dperf prints for its own NIC and packet counters (pktRx, arpRx, ...) have no kernel-socket
 * equivalent and are left out; the kernel's TCP counters and latency percentiles are added.
 */
public final class DperfLayout {
    private static final String RED = "\u001b[31m";
    private static final String RESET = "\u001b[0m";

    /** Which application counters a test has: dperf prints one of these lines. */
    public enum Payload {
        /** httpGet httpPost http2XX httpErr */
        HTTP,
        /** tcpReq tcpRsp: raw TCP payloads below 85 bytes */
        RAW,
        /** udpTx udpRx udpRt udpDrop dropTx */
        UDP
    }

    private final boolean color;
    private final Payload payload;
    private final boolean client;
    private final boolean userspace;

    /**
     * @param payload the application counters to print
     * @param client  a client (rtt and latency lines) rather than a server
     * @param color   red for non-zero error fields (a terminal)
     */
    public DperfLayout(Payload payload, boolean client, boolean color) {
        this(payload, client, color, false);
    }

    /**
     * @param userspace the user-space engine: its own packet and retransmission counters (dperf's
     *                  pktRx ... rstRx lines) instead of the kernel's
     */
    public DperfLayout(Payload payload, boolean client, boolean color, boolean userspace) {
        this.payload = payload;
        this.client = client;
        this.color = color;
        this.userspace = userspace;
    }

    /** The block for one second. */
    public List<String> second(Second s) {
        List<String> out = new ArrayList<>();
        StringBuilder head = new StringBuilder();
        pair(head, "seconds", Long.toString(s.seconds()), false);
        StringBuilder cpu = new StringBuilder();
        for (int c : s.cpuPercent()) cpu.append(c).append(' ');
        pair(head, "cpuUsage", cpu.toString().strip(), false);
        pair(head, "phase", s.phase(), false);
        out.add(head.toString().stripTrailing());
        out.addAll(counters(s::get, s.skCon(), s.rttMicros(), s.kernel()));
        if (client) {
            StringBuilder lat = new StringBuilder();
            pair(lat, "p50(us)", Long.toString(s.p50Micros()), false);
            pair(lat, "p99(us)", Long.toString(s.p99Micros()), false);
            pair(lat, "p999(us)", Long.toString(s.p999Micros()), false);
            out.add(lat.toString().stripTrailing());
        }
        out.add("");
        return out;
    }

    /** The counter lines for per-second deltas or for totals. */
    public List<String> counters(java.util.function.ToLongFunction<Counter> v, long skCon, long rttMicros, Map<String, Long> kernel) {
        List<String> out = new ArrayList<>();
        StringBuilder bits = new StringBuilder();
        pair(bits, "bitsRx", Long.toString(v.applyAsLong(Counter.BYTES_RX) * 8), false);
        pair(bits, "bitsTx", Long.toString(v.applyAsLong(Counter.BYTES_TX) * 8), false);
        out.add(bits.toString().stripTrailing());
        StringBuilder sk = new StringBuilder();
        pair(sk, "skOpen", Long.toString(v.applyAsLong(Counter.SK_OPEN)), false);
        pair(sk, "skClose", Long.toString(v.applyAsLong(Counter.SK_CLOSE)), false);
        pair(sk, "skCon", Long.toString(skCon), false);
        error(sk, "skErr", v.applyAsLong(Counter.SK_ERR));
        if (client) pair(sk, "rtt(us)", Long.toString(rttMicros), false);
        if (!client && !userspace) error(sk, "tcpDrop", v.applyAsLong(Counter.TCP_DROP));
        out.add(sk.toString().stripTrailing());
        if (payload != Payload.UDP) {
            // why connections failed: dropped, refused, reset or left hanging tell different stories about the path
            StringBuilder causes = new StringBuilder();
            for (Counter c : Counter.failureCauses()) error(causes, c.dperfName(), v.applyAsLong(c));
            out.add(causes.toString().stripTrailing());
        }
        StringBuilder app = new StringBuilder();
        switch (payload) {
            case HTTP -> {
                pair(app, "httpGet", Long.toString(v.applyAsLong(Counter.HTTP_GET)), false);
                pair(app, "httpPost", Long.toString(v.applyAsLong(Counter.HTTP_POST)), false);
                pair(app, "http2XX", Long.toString(v.applyAsLong(Counter.HTTP_2XX)), false);
                error(app, "httpErr", v.applyAsLong(Counter.HTTP_ERR));
            }
            case RAW -> {
                pair(app, "tcpReq", Long.toString(v.applyAsLong(Counter.TCP_REQ)), false);
                pair(app, "tcpRsp", Long.toString(v.applyAsLong(Counter.TCP_RSP)), false);
                error(app, "httpErr", v.applyAsLong(Counter.HTTP_ERR));
            }
            case UDP -> {
                pair(app, "udpTx", Long.toString(v.applyAsLong(Counter.UDP_TX)), false);
                pair(app, "udpRx", Long.toString(v.applyAsLong(Counter.UDP_RX)), false);
                if (client) error(app, "udpRt", v.applyAsLong(Counter.UDP_RT));
                error(app, "udpDrop", v.applyAsLong(Counter.UDP_DROP));
                error(app, "dropTx", v.applyAsLong(Counter.DROP_TX));
            }
        }
        out.add(app.toString().stripTrailing());
        if (userspace) {
            StringBuilder pkt = new StringBuilder();
            for (Counter c : new Counter[] {Counter.PKT_RX, Counter.PKT_TX, Counter.ARP_RX, Counter.ARP_TX, Counter.KNI_RX, Counter.KNI_TX}) {
                pair(pkt, c.dperfName(), Long.toString(v.applyAsLong(c)), false);
            }
            error(pkt, "dropTx", v.applyAsLong(Counter.DROP_TX));
            error(pkt, "imissed", v.applyAsLong(Counter.IMISSED));
            out.add(pkt.toString().stripTrailing());
            StringBuilder rt = new StringBuilder();
            for (Counter c : new Counter[] {Counter.SYN_RT, Counter.PUSH_RT, Counter.FIN_RT, Counter.RST_RX, Counter.RST_TX, Counter.TCP_DROP, Counter.WRONG_WORKER}) {
                if (c.error()) error(rt, c.dperfName(), v.applyAsLong(c));
                else pair(rt, c.dperfName(), Long.toString(v.applyAsLong(c)), false);
            }
            out.add(rt.toString().stripTrailing());
        } else if (!kernel.isEmpty()) {
            StringBuilder k = new StringBuilder();
            // the kernel's counters cover every connection of the network namespace, not only this test's
            kernel.forEach((name, value) -> error(k, name, value));
            out.add(k.toString().stripTrailing());
        }
        return out;
    }

    private void error(StringBuilder sb, String name, long value) {
        pair(sb, name, Long.toString(value), value != 0);
    }

    private void pair(StringBuilder sb, String name, String value, boolean red) {
        sb.append(String.format("%-9s", name));
        if (name.length() >= 9) sb.append(' ');
        String cell = String.format("%-17s", value);
        sb.append(red && color ? RED + cell + RESET : cell);
    }
}
