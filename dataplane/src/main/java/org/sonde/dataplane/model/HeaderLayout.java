package org.sonde.dataplane.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sonde.packet.Ipv4Address;

/**
 * A named header layout: non-overlapping fields over a header of {@code widthBits} bits. Bits
 * not covered by a field are never matched or rewritten.
 */
public record HeaderLayout(String name, int widthBits, List<HeaderField> fields) {
    public HeaderLayout {
        Invalid.requireId(name, "header layout");
        fields = List.copyOf(Invalid.requireNonNull(fields, "header layout " + name, "fields"));
        if (widthBits < 1) throw Invalid.at("header layout " + name, "width " + widthBits + " bits is not positive");
        List<HeaderField> byOffset = new ArrayList<>(fields);
        byOffset.sort(Comparator.comparingInt(HeaderField::offsetBits));
        for (int i = 0; i < byOffset.size(); i++) {
            HeaderField f = byOffset.get(i);
            if (f.offsetBits() + f.widthBits() > widthBits)
                throw Invalid.at("header layout " + name, "field " + f.name() + " ends past the header's " + widthBits + " bits");
            if (i > 0 && byOffset.get(i - 1).offsetBits() + byOffset.get(i - 1).widthBits() > f.offsetBits())
                throw Invalid.at("header layout " + name, "field " + f.name() + " overlaps field " + byOffset.get(i - 1).name());
        }
        for (int i = 0; i < fields.size(); i++)
            for (int j = i + 1; j < fields.size(); j++)
                if (fields.get(i).name().equals(fields.get(j).name()))
                    throw Invalid.at("header layout " + name, "duplicate field " + fields.get(i).name());
    }

    /** The field named {@code fieldName}, if the layout has one. */
    public Optional<HeaderField> field(String fieldName) {
        // A loop, not a stream: compiling a table asks once per bit of every rule's match.
        for (HeaderField f : fields) if (f.name().equals(fieldName)) return Optional.of(f);
        return Optional.empty();
    }

    /**
     * A header as people read it, {@code ip_dst 10.0.1.7, tp_dst 80}: 32-bit address fields
     * ({@code ip…}) dotted, the rest in decimal, in the map's order.
     */
    public String text(Map<String, Long> header) {
        return String.join(", ", header.entrySet().stream().map(e -> e.getKey() + " " + value(e.getKey(), e.getValue())).toList());
    }

    /**
     * A match as people read it, {@code ip_dst 10.2.0.0/16, tp_dst 80}: prefixes as value/length (dotted
     * for 32-bit address fields), other masks in hex; {@code any header} for the all-wildcard match.
     */
    public String text(Match match) {
        List<String> parts = new ArrayList<>();
        // in the layout's order, as headers are written, whatever the match's map order
        List<Map.Entry<String, Ternary>> constrained = new ArrayList<>(match.fields().entrySet());
        constrained.sort(Comparator.comparingInt(e -> names().indexOf(e.getKey())));
        for (Map.Entry<String, Ternary> e : constrained) {
            Ternary t = e.getValue();
            if (t.isWildcard()) continue;
            int width = field(e.getKey()).map(HeaderField::widthBits).orElse(64);
            long all = width == 64 ? -1L : (1L << width) - 1;
            int ones = Long.bitCount(t.mask() & all);
            long prefix = ones == 0 ? 0 : all & ~((1L << (width - ones)) - 1);
            String v = value(e.getKey(), t.value());
            parts.add(e.getKey() + " " + ((t.mask() & all) == all ? v
                    : (t.mask() & all) == prefix ? v + "/" + ones : "0x" + Long.toHexString(t.value()) + " mask 0x" + Long.toHexString(t.mask())));
        }
        return parts.isEmpty() ? "any header" : String.join(", ", parts);
    }

    private String value(String fieldName, long v) {
        boolean address = fieldName.startsWith("ip") && field(fieldName).map(f -> f.widthBits() == 32).orElse(false);
        return address ? Ipv4Address.format((int) v) : Long.toString(v);
    }

    /** Field names in list order. */
    public List<String> names() {
        return fields.stream().map(HeaderField::name).toList();
    }

    /**
     * A builder that lays fields out one after another from the header's first byte, the way
     * hassel numbers bytes: the first field added takes the lowest bytes. hassel writes a header
     * from its highest byte, so the last field added comes first in text ({@code offsetBits} 0)
     * and the first comes last. The header is exactly as wide as its fields.
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Lays fields out one after another; see {@link #builder(String)}. */
    public static final class Builder {
        private final String name;
        private final List<String> names = new ArrayList<>();
        private final List<Integer> widths = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        /** Appends a field of {@code widthBits} bits after the fields added so far. */
        public Builder field(String fieldName, int widthBits) {
            names.add(fieldName);
            widths.add(widthBits);
            return this;
        }

        /** The layout, fields in the order they were added. */
        public HeaderLayout build() {
            int total = widths.stream().mapToInt(Integer::intValue).sum();
            List<HeaderField> out = new ArrayList<>();
            int end = 0;
            for (int i = 0; i < names.size(); i++) {
                end += widths.get(i);
                out.add(new HeaderField(names.get(i), total - end, widths.get(i)));
            }
            return new HeaderLayout(name, total, out);
        }
    }
}
