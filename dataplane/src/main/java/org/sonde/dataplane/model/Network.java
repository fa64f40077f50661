package org.sonde.dataplane.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The whole model of a network, validated on construction: ids are unique (and no rule or link
 * id starts with {@code acl:}, the prefix of {@linkplain AclEntryRef ACL entry ids}), every referenced
 * device, port, ACL and header field exists, rules only use their own device's ports, and
 * constraints fit their fields. Violations throw {@link org.sonde.core.BadInputException}
 * naming the item and the problem. Immutable; equal when all parts are equal.
 */
public final class Network {
    private final HeaderLayout layout;
    private final List<Device> devices;
    private final List<Port> ports;
    private final List<Link> links;
    private final List<RuleTable> tables;
    private final List<Acl> acls;
    private final List<AclBinding> aclBindings;
    private final List<VlanMembership> vlanMemberships;
    private final List<MacEntry> macEntries;

    private final Map<String, Device> deviceById = new HashMap<>();
    private final Map<Integer, Port> portById = new HashMap<>();
    private final Map<String, List<Port>> portsByDevice = new HashMap<>();
    private final Map<String, Link> linkById = new HashMap<>();
    private final Map<Integer, List<Link>> linksFromPort = new HashMap<>();
    private final Map<String, RuleTable> tableByDevice = new HashMap<>();
    private final Map<String, Rule> ruleById = new HashMap<>();
    private final Map<String, Acl> aclById = new HashMap<>();
    private final Map<Integer, List<AclBinding>> bindingsByPort = new HashMap<>();
    private final Map<Integer, VlanMembership> vlanByPort = new HashMap<>();

    public Network(HeaderLayout layout, List<Device> devices, List<Port> ports, List<Link> links,
                   List<RuleTable> tables, List<Acl> acls, List<AclBinding> aclBindings,
                   List<VlanMembership> vlanMemberships, List<MacEntry> macEntries) {
        this.layout = Invalid.requireNonNull(layout, "network", "header layout");
        this.devices = List.copyOf(Invalid.requireNonNull(devices, "network", "devices"));
        this.ports = List.copyOf(Invalid.requireNonNull(ports, "network", "ports"));
        this.links = List.copyOf(Invalid.requireNonNull(links, "network", "links"));
        this.tables = List.copyOf(Invalid.requireNonNull(tables, "network", "rule tables"));
        this.acls = List.copyOf(Invalid.requireNonNull(acls, "network", "ACLs"));
        this.aclBindings = List.copyOf(Invalid.requireNonNull(aclBindings, "network", "ACL bindings"));
        this.vlanMemberships = List.copyOf(Invalid.requireNonNull(vlanMemberships, "network", "VLAN memberships"));
        this.macEntries = List.copyOf(Invalid.requireNonNull(macEntries, "network", "MAC entries"));
        index();
    }

    /** A network with forwarding only: no ACLs, VLAN memberships or MAC entries. */
    public static Network forwarding(HeaderLayout layout, List<Device> devices, List<Port> ports,
                                     List<Link> links, List<RuleTable> tables) {
        return new Network(layout, devices, ports, links, tables, List.of(), List.of(), List.of(), List.of());
    }

    private void index() {
        for (Device d : devices)
            if (deviceById.putIfAbsent(d.id(), d) != null) throw Invalid.at("device " + d.id(), "duplicate device id");
        for (Port p : ports) {
            if (portById.putIfAbsent(p.id(), p) != null) throw Invalid.at("port " + p.id(), "duplicate port number");
            requireDevice(p.deviceId(), "port " + p.id());
            portsByDevice.computeIfAbsent(p.deviceId(), d -> new ArrayList<>()).add(p);
        }
        for (Link l : links) {
            if (linkById.putIfAbsent(l.id(), l) != null) throw Invalid.at("link " + l.id(), "duplicate link id");
            requireNotAclEntryId(l.id(), "link " + l.id());
            requirePort(l.fromPortId(), "link " + l.id() + " source");
            requirePort(l.toPortId(), "link " + l.id() + " destination");
            linksFromPort.computeIfAbsent(l.fromPortId(), p -> new ArrayList<>()).add(l);
        }
        // Importers share one in-port set and one match among many rules (Internet2: 127,000
        // rules, a few hundred sets); each is checked once per device.
        Map<Set<Integer>, String> checkedInPorts = new IdentityHashMap<>();
        Map<Match, Boolean> checkedMatches = new IdentityHashMap<>();
        for (RuleTable t : tables) {
            requireDevice(t.deviceId(), "rule table");
            if (tableByDevice.putIfAbsent(t.deviceId(), t) != null)
                throw Invalid.at("rule table of device " + t.deviceId(), "device has a second rule table");
            for (Rule r : t.rules()) checkRule(t.deviceId(), r, checkedInPorts, checkedMatches);
        }
        for (Acl a : acls) {
            if (aclById.putIfAbsent(a.id(), a) != null) throw Invalid.at("ACL " + a.id(), "duplicate ACL id");
            for (int i = 0; i < a.entries().size(); i++) checkMatch(a.entries().get(i).match(), "ACL " + a.id() + " entry " + (i + 1));
        }
        for (AclBinding b : aclBindings) {
            String where = "ACL binding " + b.aclId() + " " + b.direction() + " on port " + b.portId();
            requirePort(b.portId(), where);
            if (!aclById.containsKey(b.aclId())) throw Invalid.at(where, "unknown ACL " + b.aclId());
            List<AclBinding> onPort = bindingsByPort.computeIfAbsent(b.portId(), p -> new ArrayList<>());
            if (onPort.stream().anyMatch(o -> o.direction() == b.direction() && o.aclId().equals(b.aclId())))
                throw Invalid.at(where, "ACL " + b.aclId() + " is already bound " + b.direction() + " on this port");
            onPort.add(b);
        }
        for (VlanMembership v : vlanMemberships) {
            requirePort(v.portId(), "VLAN membership");
            if (vlanByPort.putIfAbsent(v.portId(), v) != null)
                throw Invalid.at("VLAN membership of port " + v.portId(), "port has a second VLAN membership");
        }
        Map<String, MacEntry> macKeys = new HashMap<>();
        for (MacEntry m : macEntries) {
            String where = "MAC entry " + MacEntry.format(m.mac()) + " in VLAN " + m.vlanId() + " of device " + m.deviceId();
            requireDevice(m.deviceId(), where);
            for (int p : m.portIds()) requireOwnPort(m.deviceId(), p, where);
            if (macKeys.putIfAbsent(m.deviceId() + "/" + m.vlanId() + "/" + m.mac(), m) != null)
                throw Invalid.at(where, "duplicate MAC entry");
        }
    }

    private void checkRule(String deviceId, Rule r, Map<Set<Integer>, String> checkedInPorts, Map<Match, Boolean> checkedMatches) {
        String where = "rule " + r.id() + " of device " + deviceId;
        if (ruleById.putIfAbsent(r.id(), r) != null) throw Invalid.at(where, "duplicate rule id");
        requireNotAclEntryId(r.id(), where);
        if (!deviceId.equals(checkedInPorts.put(r.inPortIds(), deviceId)))
            for (int p : r.inPortIds()) requireOwnPort(deviceId, p, where + " in-ports");
        if (checkedMatches.put(r.match(), Boolean.TRUE) == null) checkMatch(r.match(), where);
        for (Action a : r.actions()) {
            switch (a) {
                case Action.Forward f -> f.portIds().forEach(p -> requireOwnPort(deviceId, p, where + " forward"));
                case Action.SetField s -> {
                    HeaderField f = requireField(s.field(), where);
                    if (!f.fits(s.mask())) throw Invalid.at(where, "set-field mask is wider than field " + f.name() + " (" + f.widthBits() + " bits)");
                }
                case Action.PushVlan _, Action.PopVlan _, Action.SetVlan _ -> requireField(Vlans.FIELD, where + " VLAN action");
                case Action.Drop _ -> { }
            }
        }
    }

    private void checkMatch(Match m, String where) {
        m.fields().forEach((name, t) -> {
            HeaderField f = requireField(name, where);
            if (!f.fits(t.mask())) throw Invalid.at(where, "constraint on " + name + " is wider than the field's " + f.widthBits() + " bits");
        });
    }

    /** Histories list rules, links and ACL entries side by side; ACL entries own the {@code acl:} prefix. */
    private static void requireNotAclEntryId(String id, String where) {
        if (AclEntryRef.isAclEntry(id))
            throw Invalid.at(where, "ids starting with " + AclEntryRef.PREFIX + " are reserved for ACL entries (" + AclEntryRef.PREFIX + "<acl>#<n>)");
    }

    private HeaderField requireField(String name, String where) {
        return layout.field(name).orElseThrow(() -> Invalid.at(where, "unknown header field " + name + " (layout " + layout.name() + ")"));
    }

    private void requireDevice(String id, String where) {
        if (!deviceById.containsKey(id)) throw Invalid.at(where, "unknown device " + id);
    }

    private void requirePort(int id, String where) {
        if (!portById.containsKey(id)) throw Invalid.at(where, "unknown port " + id);
    }

    private void requireOwnPort(String deviceId, int portId, String where) {
        requirePort(portId, where);
        String owner = portById.get(portId).deviceId();
        if (!owner.equals(deviceId)) throw Invalid.at(where, "port " + portId + " belongs to device " + owner + ", not " + deviceId);
    }

    public HeaderLayout layout() { return layout; }
    public List<Device> devices() { return devices; }
    public List<Port> ports() { return ports; }
    public List<Link> links() { return links; }
    public List<RuleTable> tables() { return tables; }
    public List<Acl> acls() { return acls; }
    public List<AclBinding> aclBindings() { return aclBindings; }
    public List<VlanMembership> vlanMemberships() { return vlanMemberships; }
    public List<MacEntry> macEntries() { return macEntries; }

    public Optional<Device> device(String id) { return Optional.ofNullable(deviceById.get(id)); }
    public Optional<Port> port(int id) { return Optional.ofNullable(portById.get(id)); }
    public Optional<Link> link(String id) { return Optional.ofNullable(linkById.get(id)); }
    public Optional<RuleTable> table(String deviceId) { return Optional.ofNullable(tableByDevice.get(deviceId)); }
    public Optional<Rule> rule(String id) { return Optional.ofNullable(ruleById.get(id)); }
    public Optional<Acl> acl(String id) { return Optional.ofNullable(aclById.get(id)); }
    public Optional<VlanMembership> vlanMembership(int portId) { return Optional.ofNullable(vlanByPort.get(portId)); }

    /** The ACL entry {@code ref} names, if its ACL exists and has that many entries (n+1: its implicit deny). */
    public Optional<AclEntry> aclEntry(AclEntryRef ref) {
        Acl a = aclById.get(ref.aclId());
        return a == null || ref.index() > a.entries().size() + 1 ? Optional.empty()
                : Optional.of(a.entriesWithImplicitDeny().get(ref.index() - 1));
    }

    /** The ACL entry an element id ({@code acl:<aclId>#<n>}) names; empty for rule and link ids and unknown entries. */
    public Optional<AclEntry> aclEntry(String elementId) {
        return AclEntryRef.parse(elementId).flatMap(this::aclEntry);
    }

    /** A port as people name it, {@code device:port}, or its number when the model has no such port. */
    public String portName(int id) {
        Port p = portById.get(id);
        return p == null ? Integer.toString(id) : p.deviceId() + ":" + p.name();
    }

    /** The ports of a device, in model order; empty for an unknown device. */
    public List<Port> portsOf(String deviceId) {
        return Collections.unmodifiableList(portsByDevice.getOrDefault(deviceId, List.of()));
    }

    /** The links leaving a port. */
    public List<Link> linksFrom(int portId) {
        return Collections.unmodifiableList(linksFromPort.getOrDefault(portId, List.of()));
    }

    /** The ACL bindings of a port, in model order (the order a packet meets them, per direction). */
    public List<AclBinding> aclBindingsOf(int portId) {
        return Collections.unmodifiableList(bindingsByPort.getOrDefault(portId, List.of()));
    }

    /** How many rules all tables hold together. */
    public int ruleCount() {
        return tables.stream().mapToInt(t -> t.rules().size()).sum();
    }

    private List<Object> parts() {
        return List.of(layout, devices, ports, links, tables, acls, aclBindings, vlanMemberships, macEntries);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Network n && parts().equals(n.parts());
    }

    @Override
    public int hashCode() {
        return parts().hashCode();
    }

    /** Its sizes in words, as progress lines show them: {@code 16 devices, 57 ports, 74 links, 757,170 rules, 9 ACLs; header layout stanford}. */
    @Override
    public String toString() {
        return String.format("%,d devices, %,d ports, %,d links, %,d rules, %,d ACLs; header layout %s",
                devices.size(), ports.size(), links.size(), ruleCount(), acls.size(), Objects.toString(layout.name()));
    }
}
