package org.sonde.atpg.live;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;

/**
 * Where each part of a model lives on Linux: device i is node {@code d<i>}, port p is interface
 * {@code p<p>} in its device's node; a port with a link is one end of a veth pair whose other end
 * is the peer port; a port without links is a terminal, paired with interface {@code t<p>} in the
 * node {@code t} where the agents run. Every interface gets a MAC made from its port id, so a
 * device's next hop on a port ({@link #GATEWAY}, a permanent neighbour) is the peer's MAC.
 * Derived from the model alone, so {@code up} and a later {@code run} agree without a state file.
 */
final class Wiring {
    /** The one next-hop address every device uses on every port: a permanent neighbour per interface. */
    static final String GATEWAY = "169.254.0.1";
    static final String TERMINALS = "t";

    private final Network network;
    private final Map<String, String> nodeOfDevice = new LinkedHashMap<>();
    /** Port id to peer port id, for ports with a link (both directions of a link make one pair). */
    private final Map<Integer, Integer> peer = new TreeMap<>();
    private final Set<Integer> terminals = new TreeSet<>();
    private final List<Unexpressed> unexpressed = new ArrayList<>();

    Wiring(Network network) {
        this.network = network;
        List<Device> devices = network.devices();
        for (int i = 0; i < devices.size(); i++) nodeOfDevice.put(devices.get(i).id(), "d" + i);
        Map<Integer, Set<Integer>> peers = new HashMap<>();
        for (Link l : network.links()) {
            peers.computeIfAbsent(l.fromPortId(), k -> new TreeSet<>()).add(l.toPortId());
            peers.computeIfAbsent(l.toPortId(), k -> new TreeSet<>()).add(l.fromPortId());
        }
        for (Link l : network.links()) {
            int a = l.fromPortId(), b = l.toPortId();
            if (a == b) {
                unexpressed.add(new Unexpressed("link:" + l.id(), "a link from port " + a + " to itself: a veth pair joins two interfaces"));
            } else if (peers.get(a).size() > 1 || peers.get(b).size() > 1) {
                unexpressed.add(new Unexpressed("link:" + l.id(), "port " + (peers.get(a).size() > 1 ? a : b)
                        + " links to several ports (a shared segment): one veth pair per port joins only two; the link is left out"));
            } else {
                peer.put(a, b);
                peer.put(b, a);
            }
        }
        for (Port p : network.ports()) if (!peers.containsKey(p.id())) terminals.add(p.id());
    }

    Network network() {
        return network;
    }

    /** The nodes: the terminal node first, then one per device. */
    List<String> nodes() {
        List<String> out = new ArrayList<>(List.of(TERMINALS));
        out.addAll(nodeOfDevice.values());
        return out;
    }

    String node(String deviceId) {
        return nodeOfDevice.get(deviceId);
    }

    String nodeOfPort(int port) {
        return node(network.port(port).orElseThrow().deviceId());
    }

    static String iface(int port) {
        return "p" + port;
    }

    static String terminalIface(int port) {
        return "t" + port;
    }

    /** Locally administered unicast MACs from the port id: 02:a7 for device ports, 06:a7 for terminal ends. */
    static String mac(int port) {
        return String.format("02:a7:%02x:%02x:%02x:%02x", port >>> 24 & 0xff, port >>> 16 & 0xff, port >>> 8 & 0xff, port & 0xff);
    }

    static String terminalMac(int port) {
        return "06" + mac(port).substring(2);
    }

    /** The interfaces {@code node} holds. */
    List<String> interfaces(String node) {
        List<String> out = new ArrayList<>();
        if (node.equals(TERMINALS)) terminals.forEach(p -> out.add(terminalIface(p)));
        else for (Port p : network.ports()) if (wired(p.id()) && node(p.deviceId()).equals(node)) out.add(iface(p.id()));
        return out;
    }

    /** Ports without links: packets enter and leave the network there. */
    Set<Integer> terminals() {
        return terminals;
    }

    /** The pairs of linked ports, each once (lower id first). */
    List<int[]> pairs() {
        List<int[]> out = new ArrayList<>();
        peer.forEach((a, b) -> {
            if (a < b) out.add(new int[] {a, b});
        });
        return out;
    }

    /** The MAC a device sends to out of {@code port}: its peer's, or the terminal end's. */
    String nextHopMac(int port) {
        Integer p = peer.get(port);
        return p != null ? mac(p) : terminalMac(port);
    }

    /** The port at the other end of a built link from {@code port}, or null. */
    Integer peer(int port) {
        return peer.get(port);
    }

    /** Whether the port is wired (a terminal or one end of a kept link). */
    boolean wired(int port) {
        return terminals.contains(port) || peer.containsKey(port);
    }

    List<Unexpressed> unexpressed() {
        return unexpressed;
    }
}
