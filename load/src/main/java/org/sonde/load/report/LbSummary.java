package org.sonde.load.report;

import java.util.ArrayList;
import java.util.List;
import org.sonde.load.lb.LbSpec;
import org.sonde.load.lb.LbStatus;
import org.sonde.load.lb.LbTestbed;

/** A load-balancer testbed in words: what is up and how to use it, and what the balancer counted. */
public final class LbSummary {
    private LbSummary() {}

    /** What {@code sonde load testbed up} made, and the commands that put servers and a client on it. */
    public static List<String> up(LbSpec spec, LbTestbed t) {
        List<String> o = new ArrayList<>();
        o.add(String.format("load-balancer testbed %s up: nftables DNAT (numgen %s mod %d, conntrack), session limit %s", t.name(),
                spec.balance().numgen(), spec.servers(),
                spec.sessionLimit() == 0 ? "none" : spec.sessionLimit() + " (" + spec.overLimit().word() + " past it)"));
        int last = Integer.parseInt(t.firstClientAddress().substring(t.firstClientAddress().lastIndexOf('.') + 1)) + t.clientAddressCount() - 1;
        o.add(String.format("  client     %-22s sources %s-%d", t.clientNamespace(), t.firstClientAddress(), last));
        o.add(String.format("  balancer   %-22s virtual address %s port %d", t.balancerNamespace(), t.virtualAddress(), spec.port()));
        for (int i = 1; i <= t.servers(); i++) o.add(String.format("  server %-3d %-22s %s", i, t.serverNamespace(i), t.serverAddress(i)));
        o.add("servers:   ip netns exec " + t.serverNamespace(1) + " sonde load server --listen " + t.serverAddress(1) + ":" + spec.port()
                + " &   (and so on for each)");
        o.add("a client:  ip netns exec " + t.clientNamespace() + " sonde load run client.conf   # server " + t.virtualAddress() + " 1, listen "
                + spec.port() + " 1, client " + t.firstClientAddress() + " " + t.clientAddressCount());
        o.add("counters:  sonde load testbed status --name " + t.name() + "; take it down: sonde load testbed down --name " + t.name());
        return o;
    }

    /** The balancer's counters. */
    public static List<String> status(LbStatus s) {
        List<String> o = new ArrayList<>();
        o.add("load-balancer testbed " + s.name() + ", virtual address " + s.virtualAddress());
        long total = s.connections();
        o.add(String.format("  %-24s %-18s %12s %7s", "backend", "address", "connections", "share"));
        for (LbStatus.Backend b : s.backends()) {
            o.add(String.format("  %-24s %-18s %12d %6.1f%%", b.namespace(), b.address(), b.connections(), total == 0 ? 0.0 : 100.0 * b.connections() / total));
        }
        o.add(String.format("  %-24s %-18s %12d", "total", "", total));
        if (s.sessionLimit() == null) {
            o.add("  session limit: none");
        } else {
            o.add(String.format("  session limit: %d connections, %s past it: %d packets of new connections refused", s.sessionLimit().limit(),
                    s.sessionLimit().action(), s.sessionLimit().packetsRefused()));
        }
        o.add(String.format("  conntrack: %d entries now (table limit %d: the host's nf_conntrack_max, against each namespace's own count)", s.conntrackEntries(), s.conntrackMax()));
        StringBuilder stats = new StringBuilder("  conntrack statistics:");
        // the columns this kernel still counts (found, new, delete ... stay 0 since Linux 4.x; the JSON has them all)
        for (String k : List.of("drop", "early_drop", "insert_failed", "invalid", "clashres", "search_restart")) {
            Long v = s.conntrackStats().get(k);
            if (v != null) stats.append(' ').append(k).append(' ').append(v);
        }
        o.add(stats.toString());
        return o;
    }
}
