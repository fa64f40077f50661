package org.sonde.dataplane.hsa;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The fields of a packet header, in order, and where their bits sit among BDD variables.
 *
 * <p><b>Variable order.</b> Fields take consecutive variables in layout order, and within a field
 * the most significant bit comes first. Prefixes and port ranges constrain a field from its top
 * bits down, so with MSB first a prefix is a single chain and a set of prefixes shares its common
 * leading bits the way a trie does: a forwarding table's BDD grows with its trie, not with the
 * product of its rules. LSB first would make every prefix test all lower bits first.
 *
 * <p><b>Hassel's text order.</b> hassel writes a header as a {@code 0/1/x} string starting from its
 * highest byte; for its byte-aligned layouts this is the fields in reverse layout order, each MSB
 * first ({@link #hasselOrder()}), which is the rule used for custom layouts as well.
 *
 * @param fields the fields in order, each with its first variable
 */
public record HeaderLayout(List<Field> fields) {

    /** The largest field width: field values are carried in a {@code long}. */
    public static final int MAX_FIELD_WIDTH = 64;

    /**
     * One header field.
     *
     * @param name field name, unique in its layout
     * @param width bits, 1 to {@link #MAX_FIELD_WIDTH}
     * @param firstVar BDD variable of the most significant bit
     */
    public record Field(String name, int width, int firstVar) {
        public Field {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("field name is blank");
            }
            if (width < 1 || width > MAX_FIELD_WIDTH) {
                throw new IllegalArgumentException("field " + name + " has width " + width);
            }
            if (firstVar < 0) {
                throw new IllegalArgumentException("field " + name + " starts at variable " + firstVar);
            }
        }

        /** BDD variable of bit {@code i}, counted from the most significant bit (0). */
        public int var(int i) {
            if (i < 0 || i >= width) {
                throw new IndexOutOfBoundsException("bit " + i + " of " + name);
            }
            return firstVar + i;
        }

        /** Largest value the field holds, as an unsigned long. */
        public long maxValue() {
            return width == 64 ? -1L : (1L << width) - 1;
        }

        /** Whether {@code value} fits in the field (unsigned). */
        public boolean fits(long value) {
            return width == 64 || (value >>> width) == 0;
        }
    }

    /** Checks that the fields are contiguous from variable 0 with unique names. */
    public HeaderLayout {
        fields = List.copyOf(fields);
        int next = 0;
        Set<String> seen = new HashSet<>();
        for (Field f : fields) {
            if (f.firstVar() != next) {
                throw new IllegalArgumentException("field " + f.name() + " does not start at " + next);
            }
            if (!seen.add(f.name())) {
                throw new IllegalArgumentException("field " + f.name() + " appears twice");
            }
            next += f.width();
        }
    }

    /**
     * hassel's 16-byte header: vlan 16, ip_src 32, ip_dst 32, ip_proto 8, tp_src 16, tp_dst 16,
     * tcp_ctrl 8 (bytes 0-1, 2-5, 6-9, 10, 11-12, 13-14, 15).
     */
    public static HeaderLayout hassel() {
        return builder()
                .field("vlan", 16)
                .field("ip_src", 32)
                .field("ip_dst", 32)
                .field("ip_proto", 8)
                .field("tp_src", 16)
                .field("tp_dst", 16)
                .field("tcp_ctrl", 8)
                .build();
    }

    /** A builder that lays fields out in the order they are added. */
    public static Builder builder() {
        return new Builder();
    }

    /** Total number of bits, which is the number of BDD variables. */
    public int totalBits() {
        return fields.isEmpty() ? 0 : fields.getLast().firstVar() + fields.getLast().width();
    }

    /** The field called {@code name}. */
    public Field field(String name) {
        for (Field f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        throw new NoSuchElementException("no field " + name + " in " + names());
    }

    /** Position of {@code field} in this layout. */
    public int indexOf(Field field) {
        int i = fields.indexOf(field);
        if (i < 0) {
            throw new NoSuchElementException("field " + field.name() + " is not in this layout");
        }
        return i;
    }

    /** Field names in order. */
    public List<String> names() {
        return fields.stream().map(Field::name).toList();
    }

    /**
     * The BDD variable of each character of a hassel {@code 0/1/x} string: fields in reverse layout
     * order, each most significant bit first.
     */
    public int[] hasselOrder() {
        int[] order = new int[totalBits()];
        int p = 0;
        for (Field f : fields.reversed()) {
            for (int i = 0; i < f.width(); i++) {
                order[p++] = f.var(i);
            }
        }
        return order;
    }

    /** Lays fields out one after another. */
    public static final class Builder {
        private final List<Field> fields = new ArrayList<>();
        private int next;

        private Builder() {}

        /** Appends a field of {@code width} bits. */
        public Builder field(String name, int width) {
            fields.add(new Field(name, width, next));
            next += width;
            return this;
        }

        /** The layout. */
        public HeaderLayout build() {
            return new HeaderLayout(fields);
        }
    }
}
