package org.sonde.atpg.live;

import java.util.List;
import java.util.Map;

/**
 * What Linux is told for one model: per node, the fixed setup (MACs, neighbours, policy rules),
 * the routes (keyed by table and destination, so a fault changes only those it must) and the
 * nftables table (ACLs and the extra copies of multi-port rules); and what the model holds that
 * none of these carries.
 *
 * @param routeTables the table each rule's route lives in (by rule id): {@code main} for a device
 *                    whose rules are plain prefixes in longest-prefix order, else a table of its own
 *                    looked up by the rule's policy rule; a faulted model is compiled with the
 *                    healthy one's, so its policy rules stay and only routes change
 */
record LinuxConfig(Map<String, Node> nodes, Map<String, String> routeTables, List<Unexpressed> unexpressed) {
    /**
     * @param setup       {@code ip -batch} lines run once at {@code up}
     * @param routes      route key ({@code TABLE DESTINATION}) to its {@code ip -batch} line
     * @param nft         the nftables table of the node ({@code nft -f} input), empty for none
     * @param ingress     the node's nftables table of family {@code netdev}: its member ports' ingress chains (VLAN
     *                    membership), loaded once at {@code up}; empty for none
     */
    record Node(List<String> setup, Map<String, String> routes, String nft, int nftRules, String ingress) {
        Node(List<String> setup, Map<String, String> routes, String nft, int nftRules) {
            this(setup, routes, nft, nftRules, "");
        }
    }

    /** The {@code ip -batch} line that deletes the route of {@code key}. */
    static String deleteRoute(String key) {
        int space = key.indexOf(' ');
        return "route del " + key.substring(space + 1) + " table " + key.substring(0, space);
    }

    int routeCount() {
        return nodes.values().stream().mapToInt(n -> n.routes().size()).sum();
    }

    int policyRuleCount() {
        return nodes.values().stream().mapToInt(n -> (int) n.setup().stream().filter(l -> l.startsWith("rule add")).count()).sum();
    }

    int nftRuleCount() {
        return nodes.values().stream().mapToInt(Node::nftRules).sum();
    }
}
