package org.sonde.load.lb;

/**
 * The balancer's nftables ruleset, shaped as kube-proxy's nftables mode shapes a Service: the
 * virtual address and port jump to a service chain, which picks an endpoint chain with
 * {@code numgen ... mod N vmap}, and the endpoint chain counts and DNATs. Only a connection's first
 * packet passes a nat chain (conntrack maps the rest, both ways), so each endpoint chain's counter
 * is the connections sent to it. The session limit sits before the nat chains (priority mangle,
 * after conntrack): a connection it refuses never reaches an endpoint's counter.
 */
final class LbRuleset {
    static final String TABLE = "sonde_lb";
    static final String LIMIT_CHAIN = "session_limit";

    private LbRuleset() {}

    /** The endpoint chain of server {@code server} (1-based). */
    static String backendChain(int server) {
        return "backend" + server;
    }

    /** The ruleset as {@code nft -f} reads it. */
    static String render(LbSpec spec) {
        String match = "ip daddr " + LbAddresses.VIP + " meta l4proto { tcp, udp } th dport " + spec.port();
        StringBuilder b = new StringBuilder("table ip ").append(TABLE).append(" {\n");
        if (spec.sessionLimit() > 0) {
            b.append("  chain ").append(LIMIT_CHAIN).append(" {\n");
            b.append("    type filter hook prerouting priority mangle; policy accept;\n");
            // ct count: the connections nf_conncount holds for this rule (closed ones leave it), as iptables' connlimit
            String action = spec.overLimit() == OverLimit.RESET ? "reject with tcp reset" : "drop";
            b.append("    ip daddr ").append(LbAddresses.VIP).append(" tcp dport ").append(spec.port())
                    .append(" ct state new ct count over ").append(spec.sessionLimit()).append(" counter ").append(action).append('\n');
            b.append("  }\n");
        }
        b.append("  chain service_nat {\n");
        b.append("    type nat hook prerouting priority dstnat; policy accept;\n");
        b.append("    ").append(match).append(" jump service\n");
        b.append("  }\n");
        b.append("  chain service {\n");
        b.append("    numgen ").append(spec.balance().numgen()).append(" mod ").append(spec.servers()).append(" vmap { ");
        for (int i = 1; i <= spec.servers(); i++) b.append(i == 1 ? "" : ", ").append(i - 1).append(" : goto ").append(backendChain(i));
        b.append(" }\n");
        b.append("  }\n");
        for (int i = 1; i <= spec.servers(); i++) {
            b.append("  chain ").append(backendChain(i)).append(" {\n");
            b.append("    meta l4proto { tcp, udp } counter dnat to ").append(LbAddresses.server(i)).append(':').append(spec.port()).append('\n');
            b.append("  }\n");
        }
        return b.append("}\n").toString();
    }
}
