package org.sonde.dataplane.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

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
        return fields.stream().filter(f -> f.name().equals(fieldName)).findFirst();
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
