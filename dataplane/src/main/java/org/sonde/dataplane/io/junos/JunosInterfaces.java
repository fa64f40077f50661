package org.sonde.dataplane.io.junos;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clip;
import static org.sonde.dataplane.io.text.Text.ip;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Junos {@code show interfaces} XML for several routers, as Internet2 published it: a {@code <vn>}
 * root holding one {@code <router name="…">} per router, each with the
 * {@code <interface-information>} of {@code show interfaces | display xml}. Read: each
 * {@code <physical-interface>}'s name and description, and each of its
 * {@code <logical-interface>}s with name, description, address families, the
 * {@code ae-bundle-name} of an {@code aenet} family (the unit is a member of an aggregated
 * bundle) and the IPv4 addresses of the {@code inet} family ({@code ifa-local} and, where given,
 * {@code ifa-destination}, the subnet, which Junos may abbreviate: {@code 206.81.80/23}). Every
 * other element is skipped. Names are kept as Junos writes them ({@code et-3/0/0:0}).
 *
 * @param routers physical interfaces by router, both in document order
 */
public record JunosInterfaces(Map<String, List<Physical>> routers) {
    public JunosInterfaces {
        routers = Collections.unmodifiableMap(new LinkedHashMap<>(routers));
    }

    /** A physical interface; {@code line} is that of its {@code <physical-interface>} tag. */
    public record Physical(String name, int line, String description, List<Logical> units) {
        public Physical {
            units = List.copyOf(units);
        }
    }

    /**
     * A logical interface (unit).
     *
     * @param families address family names ({@code inet}, {@code inet6}, {@code aenet}, …) in order
     * @param aeBundle the {@code ae-bundle-name} of an {@code aenet} family ({@code ae8.10}), or ""
     */
    public record Logical(String name, int line, String description, List<String> families, String aeBundle, List<Address> inet) {
        public Logical {
            families = List.copyOf(families);
            inet = List.copyOf(inet);
        }
    }

    /**
     * An IPv4 address of a unit.
     *
     * @param length the subnet's prefix length, or -1 when the address has no {@code ifa-destination}
     * @param subnet the subnet's address (host bits clear), or 0 when there is none
     * @param line   the line of its {@code ifa-local}
     */
    public record Address(long local, long subnet, int length, int line) {}

    /** Parses the text; {@code file} names it in error messages. */
    public static JunosInterfaces parse(String file, String text) {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
        XMLStreamReader r = null;
        int line = 1;
        try {
            r = factory.createXMLStreamReader(new StringReader(text));
            return new Reader(file, r).run();
        } catch (XMLStreamException e) {
            if (e.getLocation() != null && e.getLocation().getLineNumber() > 0) line = e.getLocation().getLineNumber();
            String message = e.getMessage() == null ? "" : e.getMessage().replaceFirst("(?s)^ParseError at \\[row,col\\]:\\[\\d+,\\d+\\]\\s*Message:\\s*", "");
            throw bad(file, line, "expected well-formed XML: " + clip(message.strip()));
        } finally {
            if (r != null) {
                try {
                    r.close();
                } catch (XMLStreamException ignored) {
                    // nothing to release for a string source
                }
            }
        }
    }

    /** Walks the elements, keeping the open ones and whether each is one the reader took up. */
    private static final class Reader {
        private final String file;
        private final XMLStreamReader r;
        private final List<String> open = new ArrayList<>();
        private final List<Boolean> taken = new ArrayList<>();
        private final Map<String, List<Physical>> routers = new LinkedHashMap<>();

        private String router;
        private Set<String> physicalNames;
        private List<Physical> physicals;
        // The physical interface, unit, family and address being read.
        private String pName, pDescription, lName, lDescription, family, bundle, local, destination;
        private int pLine, lLine, localLine;
        private List<Logical> units;
        private List<String> families;
        private List<Address> inet, familyAddresses;

        Reader(String file, XMLStreamReader r) {
            this.file = file;
            this.r = r;
        }

        JunosInterfaces run() throws XMLStreamException {
            boolean root = false;
            while (r.hasNext()) {
                int event = r.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    String name = r.getLocalName();
                    if (open.isEmpty()) {
                        if (root) throw bad(file, line(), "expected one root element, got a second: <" + clip(name) + ">");
                        if (!name.equals("vn")) throw bad(file, line(), "expected the root element <vn>, got <" + clip(name) + ">");
                        root = true;
                    }
                    int how = start(name);
                    if (how == TEXT) continue; // read with its text, end tag included
                    open.add(name);
                    taken.add(how == TAKEN);
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    String name = open.removeLast();
                    if (taken.removeLast()) end(name);
                }
            }
            if (!root) throw bad(file, 1, "expected the root element <vn>, but the file has none");
            return new JunosInterfaces(routers);
        }

        private static final int SKIPPED = 0, TAKEN = 1, TEXT = 2;

        private int line() {
            return r.getLocation().getLineNumber();
        }

        /** Whether the innermost open element is {@code name} and was taken up. */
        private boolean inside(String name) {
            return !open.isEmpty() && open.getLast().equals(name) && taken.getLast();
        }

        /** Handles a start tag: skipped, taken up (its end tag closes it), or read with its text. */
        private int start(String name) throws XMLStreamException {
            switch (name) {
                case "router" -> {
                    if (!inside("vn")) return SKIPPED;
                    router = r.getAttributeValue(null, "name");
                    if (router == null || router.isBlank()) throw bad(file, line(), "expected <router name=\"…\">, got a router without a name");
                    if (routers.containsKey(router)) throw bad(file, line(), "router " + clip(router) + " appears twice");
                    physicals = new ArrayList<>();
                    physicalNames = new HashSet<>();
                    return TAKEN;
                }
                case "vn" -> {
                    return open.isEmpty() ? TAKEN : SKIPPED;
                }
                case "interface-information" -> {
                    return inside("router") ? TAKEN : SKIPPED;
                }
                case "physical-interface" -> {
                    if (!inside("interface-information")) throw bad(file, line(), "expected <physical-interface> inside <router><interface-information>");
                    pLine = line();
                    pName = null;
                    pDescription = "";
                    units = new ArrayList<>();
                    return TAKEN;
                }
                case "logical-interface" -> {
                    if (!inside("physical-interface")) return SKIPPED;
                    lLine = line();
                    lName = null;
                    lDescription = "";
                    bundle = "";
                    families = new ArrayList<>();
                    inet = new ArrayList<>();
                    return TAKEN;
                }
                case "address-family" -> {
                    if (!inside("logical-interface")) return SKIPPED;
                    family = null;
                    familyAddresses = new ArrayList<>();
                    return TAKEN;
                }
                case "interface-address" -> {
                    if (!inside("address-family")) return SKIPPED;
                    local = null;
                    destination = null;
                    return TAKEN;
                }
                case "name", "description" -> {
                    if (inside("physical-interface")) {
                        String text = text();
                        if (name.equals("name")) pName = nonEmpty(text, "physical interface name");
                        else pDescription = text;
                        return TEXT;
                    }
                    if (inside("logical-interface")) {
                        String text = text();
                        if (name.equals("name")) lName = nonEmpty(text, "logical interface name");
                        else lDescription = text;
                        return TEXT;
                    }
                    return SKIPPED;
                }
                case "address-family-name", "ae-bundle-name" -> {
                    if (!inside("address-family")) return SKIPPED;
                    if (name.equals("address-family-name")) family = nonEmpty(text(), "address family name");
                    else bundle = nonEmpty(text(), "ae-bundle-name");
                    return TEXT;
                }
                case "ifa-local", "ifa-destination" -> {
                    if (!inside("interface-address")) return SKIPPED;
                    if (name.equals("ifa-local")) localLine = line();
                    String text = text();
                    if (name.equals("ifa-local")) local = text;
                    else destination = text;
                    return TEXT;
                }
                default -> {
                    return SKIPPED;
                }
            }
        }

        private String text() throws XMLStreamException {
            return r.getElementText().strip();
        }

        private String nonEmpty(String s, String what) {
            if (s.isEmpty()) throw bad(file, line(), "expected a " + what + ", got an empty element");
            return s;
        }

        /** Closes an element that {@link #start} took up. */
        private void end(String name) {
            switch (name) {
                case "interface-address" -> {
                    // Junos writes the family name before the addresses; only IPv4 ones are read.
                    if (local != null && "inet".equals(family)) familyAddresses.add(pendingAddress());
                }
                case "address-family" -> {
                    if (family == null) throw bad(file, line(), "expected <address-family-name> in this <address-family>");
                    families.add(family);
                    if (family.equals("inet")) inet.addAll(familyAddresses);
                }
                case "logical-interface" -> {
                    if (lName == null) throw bad(file, lLine, "expected a <name> in this <logical-interface>");
                    units.add(new Logical(lName, lLine, lDescription, families, bundle, inet));
                }
                case "physical-interface" -> {
                    if (pName == null) throw bad(file, pLine, "expected a <name> in this <physical-interface>");
                    if (!physicalNames.add(pName)) throw bad(file, pLine, "interface " + clip(pName) + " of router " + router + " appears twice");
                    physicals.add(new Physical(pName, pLine, pDescription, units));
                }
                case "router" -> {
                    routers.put(router, List.copyOf(physicals));
                    router = null;
                }
                default -> { }
            }
        }

        /** The address just closed: its {@code ifa-local} and, when present, {@code ifa-destination}. */
        private Address pendingAddress() {
            long l = ip(file, localLine, "ifa-local", local);
            if (destination == null) return new Address(l, 0, -1, localLine);
            int slash = destination.indexOf('/');
            String a = slash < 0 ? destination : destination.substring(0, slash);
            int length = 32;
            if (slash >= 0) {
                String len = destination.substring(slash + 1);
                if (!len.matches("[0-9]{1,2}") || Integer.parseInt(len) > 32)
                    throw bad(file, localLine, "ifa-destination: expected a prefix length 0..32, got \"" + clip(len) + "\"");
                length = Integer.parseInt(len);
            }
            // Junos leaves out trailing zero octets of a subnet: 206.81.80/23.
            int dots = a.length() - a.replace(".", "").length();
            if (dots > 3 || a.isEmpty()) throw bad(file, localLine, "ifa-destination: expected a subnet a.b.c.d/len, got \"" + clip(destination) + "\"");
            String full = a + ".0".repeat(3 - dots);
            long subnet = ip(file, localLine, "ifa-destination", full);
            long mask = length == 0 ? 0 : 0xFFFF_FFFFL << (32 - length) & 0xFFFF_FFFFL;
            if ((subnet & ~mask) != 0) throw bad(file, localLine, "ifa-destination " + clip(destination) + " has bits set beyond its length");
            return new Address(l, subnet, length, localLine);
        }
    }
}
