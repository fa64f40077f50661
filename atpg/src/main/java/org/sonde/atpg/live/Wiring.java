package org.sonde.atpg.live;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.model.VlanMembership;

/**
 * Where each part of a model lives on Linux: device i is node {@code d<i>}, port p is interface
 * {@code p<p>} in its device's node; ports joined by links (taken both ways) form segments: two
 * ports are one veth pair, each end the other's peer; more ("a shared segment", a backbone port
 * and the zone routers' ports on it) are a Linux bridge {@code br<k>} in node {@code s}, each
 * member port {@code p<p>} paired with {@code s<p>} on it, whose nftables forward the model's
 * directed links only; a port without links is a terminal, paired with interface {@code t<p>} in
 * the node {@code t} where the agents run. Every interface gets a MAC made from its port id, so a
 * device's next hop on a port ({@link #GATEWAY}, a permanent neighbour) is the peer's MAC, or on a
 * shared segment the broadcast address, which the bridge floods and its nftables rules address to
 * each receiver. Derived from the model alone, so {@code up} and a later {@code run} agree without a state file.
 *
 * <p>VLANs, on layouts with a {@code vlan} field: a port with a VLAN membership is a <em>member</em>
 * port. A frame in VLAN v sent to a member port by a device is addressed to the port's
 * {@linkplain #vlanMac VLAN MAC} for v (this kernel forwards no tagged frame: it has neither 802.1Q
 * devices nor VLAN-filtering bridges, nor a tc action that pushes a tag), a test frame enters it
 * 802.1Q-tagged as {@code tests.pcap} has it; the port's ingress chain reads either. A device
 * routes to a member port in VLAN v through {@link #vlanGateway(int) v's own next hop} on the port,
 * whose neighbour is the receiver's VLAN MAC.
 */
final class Wiring {
    /** The one next-hop address every device uses on every port: a permanent neighbour per interface. */
    static final String GATEWAY = "169.254.0.1";
    static final String TERMINALS = "t";
    /** The node of the shared segments' bridges, present only when the model has one. */
    static final String SEGMENTS = "s";
    private static final String BROADCAST = "ff:ff:ff:ff:ff:ff";
    /** The VLAN ids an 802.1Q tag carries (0 and 4095 are reserved). */
    static final int MIN_VID = 1, MAX_VID = 4094;
    /** The port of a VLAN MAC that a member port on a shared segment sends to: the segment's bridge addresses it to each receiver. */
    private static final int ANY_RECEIVER = 0xff_ffff;

    /**
     * A shared segment: more than two ports joined by links, as bridge {@code bridge} of node {@link #SEGMENTS}.
     *
     * @param ports its member ports, ascending
     */
    record Segment(String bridge, List<Integer> ports) {}

    private final Network network;
    private final Map<String, String> nodeOfDevice = new LinkedHashMap<>();
    /** Port id to peer port id, for ports with a link (both directions of a link make one pair). */
    private final Map<Integer, Integer> peer = new TreeMap<>();
    private final Set<Integer> terminals = new TreeSet<>();
    private final List<Segment> segments = new ArrayList<>();
    /** Port id to its shared segment, for ports on one. */
    private final Map<Integer, Segment> segmentOf = new HashMap<>();
    private final List<Unexpressed> unexpressed = new ArrayList<>();
    /** The VLANs a frame can be in on a link: set by some rule, or given by some port to its untagged frames. */
    private final Set<Integer> onLinks = new TreeSet<>();

    Wiring(Network network) {
        this.network = network;
        List<Device> devices = network.devices();
        for (int i = 0; i < devices.size(); i++) nodeOfDevice.put(devices.get(i).id(), "d" + i);
        Map<Integer, Set<Integer>> peers = new HashMap<>();
        for (Link l : network.links()) {
            peers.computeIfAbsent(l.fromPortId(), k -> new TreeSet<>()).add(l.toPortId());
            peers.computeIfAbsent(l.toPortId(), k -> new TreeSet<>()).add(l.fromPortId());
        }
        for (Link l : network.links())
            if (l.fromPortId() == l.toPortId())
                unexpressed.add(new Unexpressed("link:" + l.id(), "a link from port " + l.fromPortId() + " to itself: a veth pair joins two interfaces"));
        // the ports a port reaches over links (either way, self-links aside), in ascending order of their lowest port
        Set<Integer> seen = new TreeSet<>();
        for (int start : new TreeSet<>(peers.keySet())) {
            if (!seen.add(start)) continue;
            Set<Integer> component = new TreeSet<>(List.of(start));
            List<Integer> todo = new ArrayList<>(List.of(start));
            while (!todo.isEmpty())
                for (int q : peers.get(todo.removeLast())) if (seen.add(q)) {
                    component.add(q);
                    todo.add(q);
                }
            List<Integer> ports = List.copyOf(component);
            if (ports.size() == 2) {
                peer.put(ports.get(0), ports.get(1));
                peer.put(ports.get(1), ports.get(0));
            } else if (ports.size() > 2) {
                Segment g = new Segment("br" + segments.size(), ports);
                segments.add(g);
                ports.forEach(p -> segmentOf.put(p, g));
            }
        }
        for (Port p : network.ports()) if (!peers.containsKey(p.id())) terminals.add(p.id());
        if (network.layout().field("vlan").isPresent()) vlans();
    }

    private void vlans() {
        for (RuleTable t : network.tables())
            for (Rule r : t.rules()) for (Action a : r.actions()) if (a instanceof Action.SetVlan s) onLinks.add(s.vlanId());
        for (VlanMembership m : network.vlanMemberships()) {
            switch (m.mode()) {
                case SwitchportMode.Access a -> onLinks.add(a.vlanId());
                case SwitchportMode.Trunk t -> onLinks.add(t.nativeVlanId());
            }
        }
        onLinks.removeIf(v -> v < MIN_VID || v > MAX_VID);
        for (int[] pair : pairs())
            if (member(pair[0]) != member(pair[1])) {
                int m = member(pair[0]) ? pair[0] : pair[1], o = m == pair[0] ? pair[1] : pair[0];
                unexpressed.add(new Unexpressed("link:" + pair[0] + "-" + pair[1], "joins VLAN port " + m + " to port " + o
                        + ", which has no VLAN membership: what crosses it towards " + m + " arrives untagged (in " + m + "'s access or native"
                        + " VLAN, dropped if it carries none), and what leaves " + m + " loses its VLAN"));
            }
    }

    /** Whether the port is wired and has a VLAN membership on a layout with a vlan field. */
    boolean member(int port) {
        return wired(port) && network.layout().field("vlan").isPresent() && network.vlanMembership(port).isPresent();
    }

    /** The VLANs a port carries by its membership (none without one), within the ids a tag carries. */
    Set<Integer> carried(int port) {
        VlanMembership m = network.vlanMembership(port).orElse(null);
        if (m == null) return Set.of();
        Set<Integer> out = new TreeSet<>();
        switch (m.mode()) {
            case SwitchportMode.Access a -> out.add(a.vlanId());
            case SwitchportMode.Trunk t -> out.addAll(t.allowedVlanIds());
        }
        out.removeIf(v -> v < MIN_VID || v > MAX_VID);
        return out;
    }

    /** The VLAN a member port gives its untagged frames (its access VLAN, a trunk's native one), or null when it carries none. */
    Integer untaggedVlan(int port) {
        int v = switch (network.vlanMembership(port).orElseThrow().mode()) {
            case SwitchportMode.Access a -> a.vlanId();
            case SwitchportMode.Trunk t -> t.nativeVlanId();
        };
        return carried(port).contains(v) ? v : null;
    }

    /** The VLANs a frame can be in on a link that {@code port} carries: those its ingress chain reads from VLAN MACs. */
    Set<Integer> carriedOnLinks(int port) {
        Set<Integer> out = new TreeSet<>(carried(port));
        out.retainAll(onLinks);
        return out;
    }

    /** 2a, the VLAN in 12 bits, the port id in 24: where a device sends a frame in VLAN {@code vlan} to member port {@code port}. */
    static String vlanMac(int port, int vlan) {
        return String.format("2a:%02x:%02x:%02x:%02x:%02x", vlan >>> 8 & 0x0f, vlan & 0xff, port >>> 16 & 0xff, port >>> 8 & 0xff, port & 0xff);
    }

    /** The next hop a device routes to for VLAN {@code vlan} out of a member port: 169.254.16.0 plus the VLAN id (one per VLAN, on each port). */
    static String vlanGateway(int vlan) {
        return "169.254." + (16 + (vlan >>> 8)) + "." + (vlan & 0xff);
    }

    Network network() {
        return network;
    }

    /** The nodes: the terminal node first, then one per device, then the segments' node when there are shared segments. */
    List<String> nodes() {
        List<String> out = new ArrayList<>(List.of(TERMINALS));
        out.addAll(nodeOfDevice.values());
        if (!segments.isEmpty()) out.add(SEGMENTS);
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

    /** The bridge's end of a shared segment's port: interface {@code s<p>} in node {@link #SEGMENTS}. */
    static String segmentIface(int port) {
        return "s" + port;
    }

    /** 0a:a7 and the port id: the MAC of a segment end, the sender of what a test sends into a segment port. */
    static String segmentMac(int port) {
        return "0a" + mac(port).substring(2);
    }

    /** The interfaces {@code node} holds. */
    List<String> interfaces(String node) {
        List<String> out = new ArrayList<>();
        if (node.equals(TERMINALS)) terminals.forEach(p -> out.add(terminalIface(p)));
        else if (node.equals(SEGMENTS)) segments.forEach(g -> {
            out.add(g.bridge());
            g.ports().forEach(p -> out.add(segmentIface(p)));
        });
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

    /** The shared segments, in ascending order of their lowest port. */
    List<Segment> segments() {
        return segments;
    }

    /** The shared segment {@code port} is on, or null. */
    Segment segment(int port) {
        return segmentOf.get(port);
    }

    /** The MAC a device sends to out of {@code port}: its peer's, the broadcast address on a shared segment, or the terminal end's. */
    String nextHopMac(int port) {
        Integer p = peer.get(port);
        return p != null ? mac(p) : segmentOf.containsKey(port) ? BROADCAST : terminalMac(port);
    }

    /**
     * The MAC a device sends a frame in VLAN {@code vlan} to out of member port {@code port}: the peer's VLAN MAC (its MAC when the
     * peer has no membership), on a shared segment the VLAN MAC of any receiver, which the segment's bridge readdresses, or the
     * terminal end's.
     */
    String nextHopMac(int port, int vlan) {
        Integer p = peer.get(port);
        if (p != null) return member(p) ? vlanMac(p, vlan) : mac(p);
        return segmentOf.containsKey(port) ? vlanMac(ANY_RECEIVER, vlan) : terminalMac(port);
    }

    /** The VLAN MAC a member port on a shared segment sends VLAN {@code vlan} to. */
    static String anyReceiver(int vlan) {
        return vlanMac(ANY_RECEIVER, vlan);
    }

    /**
     * An interface that sends into a port from outside its device.
     *
     * @param mac the interface's MAC, a frame's source
     */
    record End(String node, String iface, String mac) {}

    /** Where a frame is sent into {@code port} from: its terminal end, its peer's interface, or its end on the segment's bridge. */
    End into(int port) {
        Integer p = peer.get(port);
        if (p != null) return new End(nodeOfPort(p), iface(p), mac(p));
        if (segmentOf.containsKey(port)) return new End(SEGMENTS, segmentIface(port), segmentMac(port));
        return new End(TERMINALS, terminalIface(port), terminalMac(port));
    }

    /** The port at the other end of a built link from {@code port}, or null. */
    Integer peer(int port) {
        return peer.get(port);
    }

    /** Whether the port is wired (a terminal, one end of a veth pair, or on a shared segment). */
    boolean wired(int port) {
        return terminals.contains(port) || peer.containsKey(port) || segmentOf.containsKey(port);
    }

    List<Unexpressed> unexpressed() {
        return unexpressed;
    }
}
