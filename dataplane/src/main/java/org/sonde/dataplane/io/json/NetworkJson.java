package org.sonde.dataplane.io.json;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sonde.core.AtomicFiles;
import org.sonde.core.BadInputException;
import org.sonde.core.InputFiles;
import org.sonde.core.Json;
import org.sonde.dataplane.model.Acl;
import org.sonde.dataplane.model.AclBinding;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.Action;
import org.sonde.dataplane.model.Device;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Link;
import org.sonde.dataplane.model.MacEntry;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.MatchPolicy;
import org.sonde.dataplane.model.Network;
import org.sonde.dataplane.model.Origin;
import org.sonde.dataplane.model.Port;
import org.sonde.dataplane.model.Rule;
import org.sonde.dataplane.model.RuleTable;
import org.sonde.dataplane.model.SwitchportMode;
import org.sonde.dataplane.model.Ternary;
import org.sonde.dataplane.model.VlanMembership;

/**
 * The network model as JSON, schema {@code sonde.network} version {@value #VERSION}.
 *
 * <pre>{@code
 * { "schema": "sonde.network", "version": 1,
 *   "header": { "name": "ip", "widthBits": 32, "fields": [ { "name": "ip_dst", "offsetBits": 0, "widthBits": 32 } ] },
 *   "devices": [ { "id": "r1" } ],
 *   "ports":   [ { "id": 1, "device": "r1", "name": "te1/1" } ],
 *   "links":   [ { "id": "l1", "from": 1, "to": 2, "origin": { "label": "", "file": "", "lines": [] } } ],
 *   "tables":  [ { "device": "r1", "policy": "FIRST_MATCH" | "EXPLICIT", "rules": [
 *       { "id": "r1-1", "priority": 10, "inPorts": [1],
 *         "match": { "ip_dst": { "value": "0xa000000", "mask": "0xff000000" } },
 *         "actions": [ { "type": "setField", "field": "ip_dst", "value": "0x1", "mask": "0xff" },
 *                      { "type": "pushVlan", "vlan": 10 }, { "type": "popVlan" }, { "type": "setVlan", "vlan": 20 },
 *                      { "type": "forward", "ports": [2] } | { "type": "drop" } ],
 *         "shadowedBy": [], "origin": { ... } } ] } ],
 *   "acls":        [ { "id": "100", "entries": [ { "verdict": "PERMIT" | "DENY", "match": { ... } } ] } ],
 *   "aclBindings": [ { "port": 1, "direction": "IN" | "OUT", "acl": "100" } ],
 *   "vlans":       [ { "port": 1, "mode": { "type": "access", "vlan": 10 } | { "type": "trunk", "allowed": [10, 20], "native": 1 } } ],
 *   "macTable":    [ { "device": "r1", "vlan": 10, "mac": "00:11:22:33:44:55", "ports": [1] } ] }
 * }</pre>
 *
 * Ternary values and masks are unsigned hexadecimal strings, so 64-bit fields survive JSON.
 * Every member is required; unknown members, duplicate keys, type coercions and malformed values
 * are rejected with the line, column and JSON path. Writing then reading gives an equal network.
 */
public final class NetworkJson {
    /** The schema name in the {@code schema} member. */
    public static final String SCHEMA = "sonde.network";
    /** The schema version this code writes and reads. */
    public static final int VERSION = 1;

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION)
            .build();

    private NetworkJson() {}

    /** The network as JSON text. */
    public static String write(Network network) {
        try {
            return MAPPER.writeValueAsString(NetworkDto.of(network));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a model always serializes", e);
        }
    }

    /** Writes the network to {@code file}, atomically: readers see the old or the whole new file. */
    public static void write(Network network, Path file) {
        AtomicFiles.writeString(file, write(network));
    }

    /** Reads a network from JSON text; {@code source} names it in error messages. */
    public static Network read(String source, String json) {
        NetworkDto dto;
        try {
            dto = MAPPER.readValue(json, NetworkDto.class);
        } catch (JsonProcessingException e) {
            throw located(source, json, e);
        }
        if (dto == null) throw new BadInputException(source, "line 1", "expected a JSON object, got null");
        try {
            return dto.toModel();
        } catch (BadInputException e) {
            throw new BadInputException(source, e.location(), e.problem(), e.hint(), e);
        }
    }

    /** Reads a network from a JSON file. */
    public static Network read(Path file) {
        return read(file.toString(), InputFiles.readUtf8(file, "network file", "give a Sonde network JSON file, or a directory with network.json"));
    }

    private static BadInputException located(String source, String json, JsonProcessingException e) {
        JsonLocation loc = e.getLocation();
        String path = "$";
        if (e instanceof JsonMappingException m) {
            path = path(m.getPath());
            loc = start(json, m.getPath()).orElse(loc);
        }
        String where = (loc == null ? "" : "line " + loc.getLineNr() + ", column " + loc.getColumnNr() + ", ") + "at " + path;
        String problem = switch (e) {
            case UnrecognizedPropertyException u -> "unknown member \"" + u.getPropertyName() + "\" (expected "
                    + u.getKnownPropertyIds().stream().map(Object::toString).sorted().toList() + ")";
            case ValueInstantiationException v when v.getCause() != null -> v.getCause().getMessage();
            default -> Json.describe(e);
        };
        return new BadInputException(source, where, problem, null, e);
    }

    /**
     * Where the member at {@code refs} starts. Jackson builds records only after their closing
     * brace, so its own location for a bad member or value is the end of the enclosing object.
     */
    private static java.util.Optional<JsonLocation> start(String json, List<JsonMappingException.Reference> refs) {
        StringBuilder pointer = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) pointer.append('/').append(r.getFieldName().replace("~", "~0").replace("/", "~1"));
            else if (r.getIndex() >= 0) pointer.append('/').append(r.getIndex());
        }
        String target = pointer.toString();
        try (com.fasterxml.jackson.core.JsonParser p = MAPPER.createParser(json)) {
            while (p.nextToken() != null)
                if (p.getParsingContext().pathAsPointer().toString().equals(target)) return java.util.Optional.of(p.currentTokenLocation());
        } catch (IOException notWellFormedAfterAll) {
            // The syntax error was reported on its own; keep Jackson's location.
        }
        return java.util.Optional.empty();
    }

    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder sb = new StringBuilder("$");
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) sb.append('.').append(r.getFieldName());
            else if (r.getIndex() >= 0) sb.append('[').append(r.getIndex()).append(']');
        }
        return sb.toString();
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    static long parseHex(String s, String what) {
        if (s == null || !s.matches("0x[0-9a-fA-F]{1,16}"))
            throw new IllegalArgumentException("expected " + what + " as a hex string like 0xff (at most 16 digits), got " + s);
        return Long.parseUnsignedLong(s.substring(2), 16);
    }

    static long parseMac(String s) {
        if (s == null || !s.matches("[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}"))
            throw new IllegalArgumentException("expected a MAC address like 00:11:22:33:44:55, got " + s);
        return Long.parseLong(s.replace(":", ""), 16);
    }

    // The DTOs below mirror the schema; their constructors build (and so validate) the model
    // part, so that a bad value is reported with its JSON line and path.

    record NetworkDto(String schema, int version, HeaderDto header, List<DeviceDto> devices, List<PortDto> ports,
                      List<LinkDto> links, List<TableDto> tables, List<AclDto> acls, List<BindingDto> aclBindings,
                      List<VlanDto> vlans, List<MacDto> macTable) {
        NetworkDto {
            if (!SCHEMA.equals(schema)) throw new IllegalArgumentException("expected schema \"" + SCHEMA + "\", got \"" + schema + "\"");
            if (version != VERSION) throw new IllegalArgumentException("unsupported schema version " + version + " (this Sonde reads " + VERSION + ")");
        }

        static NetworkDto of(Network n) {
            return new NetworkDto(SCHEMA, VERSION, HeaderDto.of(n.layout()),
                    n.devices().stream().map(d -> new DeviceDto(d.id())).toList(),
                    n.ports().stream().map(p -> new PortDto(p.id(), p.deviceId(), p.name())).toList(),
                    n.links().stream().map(l -> new LinkDto(l.id(), l.fromPortId(), l.toPortId(), OriginDto.of(l.origin()))).toList(),
                    n.tables().stream().map(TableDto::of).toList(),
                    n.acls().stream().map(AclDto::of).toList(),
                    n.aclBindings().stream().map(b -> new BindingDto(b.portId(), b.direction(), b.aclId())).toList(),
                    n.vlanMemberships().stream().map(VlanDto::of).toList(),
                    n.macEntries().stream().map(m -> new MacDto(m.deviceId(), m.vlanId(), MacEntry.format(m.mac()), sorted(m.portIds()))).toList());
        }

        Network toModel() {
            return new Network(header.toModel(), devices.stream().map(DeviceDto::toModel).toList(),
                    ports.stream().map(PortDto::toModel).toList(), links.stream().map(LinkDto::toModel).toList(),
                    tables.stream().map(TableDto::toModel).toList(), acls.stream().map(AclDto::toModel).toList(),
                    aclBindings.stream().map(BindingDto::toModel).toList(), vlans.stream().map(VlanDto::toModel).toList(),
                    macTable.stream().map(MacDto::toModel).toList());
        }
    }

    static List<Integer> sorted(java.util.Collection<Integer> ids) {
        return ids.stream().sorted().toList();
    }

    record HeaderDto(String name, int widthBits, List<FieldDto> fields) {
        HeaderDto {
            toModel(name, widthBits, fields);
        }

        static HeaderDto of(HeaderLayout l) {
            return new HeaderDto(l.name(), l.widthBits(), l.fields().stream().map(f -> new FieldDto(f.name(), f.offsetBits(), f.widthBits())).toList());
        }

        private static HeaderLayout toModel(String name, int widthBits, List<FieldDto> fields) {
            return new HeaderLayout(name, widthBits, fields.stream().map(FieldDto::toModel).toList());
        }

        HeaderLayout toModel() {
            return toModel(name, widthBits, fields);
        }
    }

    record FieldDto(String name, int offsetBits, int widthBits) {
        FieldDto {
            new HeaderField(name, offsetBits, widthBits);
        }

        HeaderField toModel() {
            return new HeaderField(name, offsetBits, widthBits);
        }
    }

    record DeviceDto(String id) {
        DeviceDto {
            new Device(id);
        }

        Device toModel() {
            return new Device(id);
        }
    }

    record PortDto(int id, String device, String name) {
        PortDto {
            new Port(id, device, name);
        }

        Port toModel() {
            return new Port(id, device, name);
        }
    }

    record OriginDto(String label, String file, List<Integer> lines) {
        OriginDto {
            new Origin(label, file, lines);
        }

        static OriginDto of(Origin o) {
            return new OriginDto(o.label(), o.file(), o.lines());
        }

        Origin toModel() {
            return new Origin(label, file, lines);
        }
    }

    record LinkDto(String id, int from, int to, OriginDto origin) {
        LinkDto {
            new Link(id, from, to, Origin.NONE);
        }

        Link toModel() {
            return new Link(id, from, to, origin.toModel());
        }
    }

    record TernaryDto(String value, String mask) {
        TernaryDto {
            new Ternary(parseHex(value, "value"), parseHex(mask, "mask"));
        }

        Ternary toModel() {
            return new Ternary(parseHex(value, "value"), parseHex(mask, "mask"));
        }
    }

    static Map<String, TernaryDto> matchDto(Match m) {
        Map<String, TernaryDto> out = new TreeMap<>();
        m.fields().forEach((k, t) -> out.put(k, new TernaryDto(hex(t.value()), hex(t.mask()))));
        return out;
    }

    static Match toMatch(Map<String, TernaryDto> m) {
        Map<String, Ternary> out = new TreeMap<>();
        m.forEach((k, t) -> out.put(k, t.toModel()));
        return new Match(out);
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = ForwardDto.class, name = "forward"),
            @JsonSubTypes.Type(value = DropDto.class, name = "drop"),
            @JsonSubTypes.Type(value = SetFieldDto.class, name = "setField"),
            @JsonSubTypes.Type(value = PushVlanDto.class, name = "pushVlan"),
            @JsonSubTypes.Type(value = PopVlanDto.class, name = "popVlan"),
            @JsonSubTypes.Type(value = SetVlanDto.class, name = "setVlan")})
    sealed interface ActionDto {
        Action toModel();

        static ActionDto of(Action a) {
            return switch (a) {
                case Action.Forward f -> new ForwardDto(f.portIds());
                case Action.Drop _ -> new DropDto();
                case Action.SetField s -> new SetFieldDto(s.field(), hex(s.value()), hex(s.mask()));
                case Action.PushVlan p -> new PushVlanDto(p.vlanId());
                case Action.PopVlan _ -> new PopVlanDto();
                case Action.SetVlan s -> new SetVlanDto(s.vlanId());
            };
        }
    }

    record ForwardDto(List<Integer> ports) implements ActionDto {
        ForwardDto {
            new Action.Forward(ports);
        }

        public Action toModel() {
            return new Action.Forward(ports);
        }
    }

    record DropDto() implements ActionDto {
        public Action toModel() {
            return new Action.Drop();
        }
    }

    record SetFieldDto(String field, String value, String mask) implements ActionDto {
        SetFieldDto {
            new Action.SetField(field, parseHex(value, "value"), parseHex(mask, "mask"));
        }

        public Action toModel() {
            return new Action.SetField(field, parseHex(value, "value"), parseHex(mask, "mask"));
        }
    }

    record PushVlanDto(int vlan) implements ActionDto {
        PushVlanDto {
            new Action.PushVlan(vlan);
        }

        public Action toModel() {
            return new Action.PushVlan(vlan);
        }
    }

    record PopVlanDto() implements ActionDto {
        public Action toModel() {
            return new Action.PopVlan();
        }
    }

    record SetVlanDto(int vlan) implements ActionDto {
        SetVlanDto {
            new Action.SetVlan(vlan);
        }

        public Action toModel() {
            return new Action.SetVlan(vlan);
        }
    }

    record RuleDto(String id, int priority, List<Integer> inPorts, Map<String, TernaryDto> match, List<ActionDto> actions,
                   List<String> shadowedBy, OriginDto origin) {
        RuleDto {
            toModel(id, priority, inPorts, match, actions, shadowedBy, origin);
        }

        static RuleDto of(Rule r) {
            return new RuleDto(r.id(), r.priority(), sorted(r.inPortIds()), matchDto(r.match()),
                    r.actions().stream().map(ActionDto::of).toList(), r.shadowedBy(), OriginDto.of(r.origin()));
        }

        private static Rule toModel(String id, int priority, List<Integer> inPorts, Map<String, TernaryDto> match,
                                    List<ActionDto> actions, List<String> shadowedBy, OriginDto origin) {
            if (inPorts.stream().distinct().count() != inPorts.size())
                throw new IllegalArgumentException("duplicate port in inPorts " + inPorts);
            return new Rule(id, priority, java.util.Set.copyOf(inPorts), toMatch(match),
                    actions.stream().map(ActionDto::toModel).toList(), shadowedBy, origin.toModel());
        }

        Rule toModel() {
            return toModel(id, priority, inPorts, match, actions, shadowedBy, origin);
        }
    }

    record TableDto(String device, MatchPolicy policy, List<RuleDto> rules) {
        TableDto {
            toModel(device, policy, rules);
        }

        static TableDto of(RuleTable t) {
            return new TableDto(t.deviceId(), t.policy(), t.rules().stream().map(RuleDto::of).toList());
        }

        private static RuleTable toModel(String device, MatchPolicy policy, List<RuleDto> rules) {
            return new RuleTable(device, policy, rules.stream().map(RuleDto::toModel).toList());
        }

        RuleTable toModel() {
            return toModel(device, policy, rules);
        }
    }

    record AclEntryDto(AclEntry.Verdict verdict, Map<String, TernaryDto> match) {
        AclEntryDto {
            new AclEntry(verdict, toMatch(match));
        }

        AclEntry toModel() {
            return new AclEntry(verdict, toMatch(match));
        }
    }

    record AclDto(String id, List<AclEntryDto> entries) {
        AclDto {
            new Acl(id, List.of());
        }

        static AclDto of(Acl a) {
            return new AclDto(a.id(), a.entries().stream().map(e -> new AclEntryDto(e.verdict(), matchDto(e.match()))).toList());
        }

        Acl toModel() {
            return new Acl(id, entries.stream().map(AclEntryDto::toModel).toList());
        }
    }

    record BindingDto(int port, AclBinding.Direction direction, String acl) {
        BindingDto {
            new AclBinding(port, direction, acl);
        }

        AclBinding toModel() {
            return new AclBinding(port, direction, acl);
        }
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
            @JsonSubTypes.Type(value = AccessDto.class, name = "access"),
            @JsonSubTypes.Type(value = TrunkDto.class, name = "trunk")})
    sealed interface ModeDto {
        SwitchportMode toModel();
    }

    record AccessDto(int vlan) implements ModeDto {
        AccessDto {
            new SwitchportMode.Access(vlan);
        }

        public SwitchportMode toModel() {
            return new SwitchportMode.Access(vlan);
        }
    }

    record TrunkDto(List<Integer> allowed, @com.fasterxml.jackson.annotation.JsonProperty("native") int nativeVlan) implements ModeDto {
        TrunkDto {
            if (allowed.stream().distinct().count() != allowed.size())
                throw new IllegalArgumentException("duplicate VLAN in allowed " + allowed);
            new SwitchportMode.Trunk(java.util.Set.copyOf(allowed), nativeVlan);
        }

        public SwitchportMode toModel() {
            return new SwitchportMode.Trunk(java.util.Set.copyOf(allowed), nativeVlan);
        }
    }

    record VlanDto(int port, ModeDto mode) {
        static VlanDto of(VlanMembership v) {
            return new VlanDto(v.portId(), switch (v.mode()) {
                case SwitchportMode.Access a -> new AccessDto(a.vlanId());
                case SwitchportMode.Trunk t -> new TrunkDto(sorted(t.allowedVlanIds()), t.nativeVlanId());
            });
        }

        VlanMembership toModel() {
            return new VlanMembership(port, mode.toModel());
        }
    }

    record MacDto(String device, int vlan, String mac, List<Integer> ports) {
        MacDto {
            if (ports.stream().distinct().count() != ports.size())
                throw new IllegalArgumentException("duplicate port in " + ports);
            new MacEntry(device, vlan, parseMac(mac), java.util.Set.copyOf(ports));
        }

        MacEntry toModel() {
            return new MacEntry(device, vlan, parseMac(mac), java.util.Set.copyOf(ports));
        }
    }

}
