package org.sonde.dataplane.hsa;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.HeaderLayout;
import org.sonde.dataplane.model.Match;
import org.sonde.dataplane.model.Ternary;

/**
 * Builds {@link HeaderSpace}s over one model {@link HeaderLayout}; owns the {@link Bdd} they share
 * and maps the layout's field bits to BDD variables.
 *
 * <p><b>Variable order.</b> Fields take consecutive variables in the layout's field list order,
 * and within a field the most significant bit comes first. Prefixes and port ranges constrain a
 * field from its top bits down, so with MSB first a prefix is a single chain and a set of prefixes
 * shares its common leading bits the way a trie does: a forwarding table's BDD grows with its
 * trie, not with the product of its rules. LSB first would make every prefix test all lower bits
 * first. Bits of the header that no field covers get no variable.
 *
 * <p><b>Hassel's text order.</b> hassel writes a header as a {@code 0/1/x} string starting from
 * its highest byte. Character {@code p} of such a string is bit {@code p} from the header's most
 * significant bit, which {@link HeaderField#offsetBits()} counts in, so it belongs to the field
 * whose {@code [offsetBits, offsetBits + widthBits)} contains {@code p} ({@link #hasselOrder()}).
 * A bit no field covers must be {@code x} in a match and kept by a rewrite; anything else is
 * rejected, since no header space of this algebra could express it.
 *
 * <p>Spaces from different algebras never mix, even over equal layouts, because their node ids
 * belong to different BDD arenas. Like the BDD, an algebra is not thread-safe.
 */
public final class HeaderAlgebra {

    private final HeaderLayout layout;
    private final Map<String, Integer> firstVars;
    private final int[] hasselOrder;
    private final Bdd bdd;
    private final HeaderSpace all;
    private final HeaderSpace none;

    /** An algebra with a fresh BDD of one variable per bit of the layout's fields. */
    public HeaderAlgebra(HeaderLayout layout) {
        this.layout = layout;
        int[] first = firstVars(layout);
        this.firstVars = new HashMap<>();
        this.hasselOrder = new int[layout.widthBits()];
        Arrays.fill(hasselOrder, -1);
        List<HeaderField> fields = layout.fields();
        for (int i = 0; i < fields.size(); i++) {
            HeaderField f = fields.get(i);
            firstVars.put(f.name(), first[i]);
            for (int b = 0; b < f.widthBits(); b++) {
                hasselOrder[f.offsetBits() + b] = first[i] + b;
            }
        }
        this.bdd = new Bdd(variableCount(layout));
        this.all = new HeaderSpace(this, Bdd.TRUE);
        this.none = new HeaderSpace(this, Bdd.FALSE);
    }

    /** The BDD variable of each field's most significant bit, fields in list order. */
    static int[] firstVars(HeaderLayout layout) {
        int[] first = new int[layout.fields().size()];
        int next = 0;
        for (int i = 0; i < first.length; i++) {
            first[i] = next;
            next += layout.fields().get(i).widthBits();
        }
        return first;
    }

    /** The number of BDD variables: the bits of all fields. */
    static int variableCount(HeaderLayout layout) {
        return layout.fields().stream().mapToInt(HeaderField::widthBits).sum();
    }

    /** The layout of every header in this algebra. */
    public HeaderLayout layout() {
        return layout;
    }

    Bdd bdd() {
        return bdd;
    }

    /** The field called {@code name}. */
    HeaderField field(String name) {
        return layout.field(name).orElseThrow(
                () -> new NoSuchElementException("no field " + name + " in " + layout.names()));
    }

    /** The BDD variable of {@code field}'s most significant bit. */
    int firstVar(HeaderField field) {
        return firstVars.get(field.name());
    }

    /** The BDD variable of bit {@code bit} of {@code field}, counted from its most significant bit (0). */
    public int var(String field, int bit) {
        HeaderField f = field(field);
        if (bit < 0 || bit >= f.widthBits()) {
            throw new IndexOutOfBoundsException("bit " + bit + " of " + field);
        }
        return firstVars.get(field) + bit;
    }

    /** The BDD nodes made so far: they are never freed, so this is what the algebra holds. */
    public int nodeCount() {
        return bdd.nodeCount();
    }

    /** The number of BDD variables: the bits of all fields. */
    public int variableCount() {
        return bdd.varCount();
    }

    /**
     * The BDD variable of each character of a hassel {@code 0/1/x} string of the layout's width,
     * or -1 for a bit no field covers (a copy).
     */
    int[] hasselOrder() {
        return hasselOrder.clone();
    }

    /**
     * The headers of a cube over this algebra's variables: bit v of {@code care} (word v / 64)
     * fixes variable v to the same bit of {@code value}. See {@link #var} for the numbering.
     */
    public HeaderSpace cube(long[] care, long[] value) {
        return wrap(bdd.cubeOfBits(care, value));
    }

    /** The smallest header of a cube given as in {@link #cube(long[], long[])}: every free bit 0. */
    public Header smallest(long[] care, long[] value) {
        boolean[] bits = new boolean[variableCount()];
        for (int v = 0; v < bits.length; v++) bits[v] = (care[v >> 6] & value[v >> 6] & (1L << v)) != 0;
        return Header.fromAssignment(layout, bits);
    }

    /** Headers satisfying every ternary constraint of {@code match}; fields it omits are wild. */
    public HeaderSpace match(Match match) {
        int r = Bdd.TRUE;
        for (Map.Entry<String, Ternary> e : match.fields().entrySet()) {
            r = bdd.and(r, ternary(e.getKey(), e.getValue().value(), e.getValue().mask()).node());
        }
        return wrap(r);
    }

    HeaderSpace wrap(int node) {
        return node == Bdd.TRUE ? all : node == Bdd.FALSE ? none : new HeaderSpace(this, node);
    }

    /** Every header. */
    public HeaderSpace all() {
        return all;
    }

    /** No header. */
    public HeaderSpace none() {
        return none;
    }

    /** Headers whose {@code field} equals {@code value} (unsigned). */
    HeaderSpace equal(String field, long value) {
        HeaderField f = field(field);
        return ternary(field, value, f.fullMask());
    }

    /**
     * Headers whose {@code field} starts with the top {@code length} bits of {@code value}; bits of
     * {@code value} below the prefix are ignored, so {@code prefix("ip_dst", addr, 24)} works on a
     * full address.
     */
    public HeaderSpace prefix(String field, long value, int length) {
        HeaderField f = field(field);
        if (length < 0 || length > f.widthBits()) {
            throw new IllegalArgumentException("prefix length " + length + " for field " + field);
        }
        return ternary(field, value & BitPrefix.mask(length, f.widthBits()), BitPrefix.mask(length, f.widthBits()));
    }

    /** Headers whose {@code field} matches the prefix. */
    public HeaderSpace prefix(String field, BitPrefix prefix) {
        HeaderField f = field(field);
        if (prefix.width() != f.widthBits()) {
            throw new IllegalArgumentException(
                    "prefix of width " + prefix.width() + " for field " + field + " of " + f.widthBits());
        }
        return prefix(field, prefix.value(), prefix.length());
    }

    /**
     * The rewrite setting the bits of {@code field} selected by {@code mask} to those of {@code
     * value}, keeping the others; compile once, apply to many spaces.
     */
    public Rewrite rewrite(String field, long mask, long value) {
        HeaderField f = field(field);
        if (!f.fits(mask) || !f.fits(value)) {
            throw new IllegalArgumentException("mask or value does not fit field " + field);
        }
        Bits bits = maskedBits(f, value, mask);
        return new Rewrite(this, bits.vars(), bits.values());
    }

    /**
     * hassel's masked rewrite over the whole header, {@code new = (old & mask) | rewrite}, compiled
     * (see {@link HeaderSpace#rewriteHassel}).
     */
    Rewrite hasselRewrite(String mask, String rewrite) {
        char[] m = hasselBits(mask);
        char[] r = hasselBits(rewrite);
        int n = 0;
        for (char c : m) {
            if (c == '0') {
                n++;
            } else if (c != '1') {
                throw new IllegalArgumentException("bad mask character '" + c + "'");
            }
        }
        int[] vars = new int[n];
        boolean[] values = new boolean[n];
        int k = 0;
        for (int p = 0; p < m.length; p++) {
            if (m[p] == '0') {
                if (r[p] != '0' && r[p] != '1') {
                    throw new IllegalArgumentException("rewritten bit " + p + " is '" + r[p] + "'");
                }
                vars[k] = coveredVar(p, "is rewritten");
                values[k] = r[p] == '1';
                k++;
            }
        }
        return new Rewrite(this, vars, values);
    }

    /** The BDD variables of the bits {@code mask} selects in field {@code f}, and their values in {@code value}. */
    record Bits(int[] vars, boolean[] values) {}

    Bits maskedBits(HeaderField f, long value, long mask) {
        int first = firstVar(f);
        int n = Long.bitCount(mask);
        int[] vars = new int[n];
        boolean[] values = new boolean[n];
        int k = 0;
        for (int i = 0; i < f.widthBits(); i++) {
            int shift = f.widthBits() - 1 - i;
            if (((mask >>> shift) & 1) != 0) {
                vars[k] = first + i;
                values[k] = ((value >>> shift) & 1) != 0;
                k++;
            }
        }
        return new Bits(vars, values);
    }

    /**
     * Headers whose {@code field} agrees with {@code value} on the bits set in {@code mask} (a mask
     * bit of 1 means "must match", 0 means "don't care").
     */
    HeaderSpace ternary(String field, long value, long mask) {
        HeaderField f = field(field);
        if (!f.fits(value) || !f.fits(mask)) {
            throw new IllegalArgumentException("value or mask does not fit field " + field);
        }
        Bits bits = maskedBits(f, value, mask);
        return wrap(bdd.cube(bits.vars(), bits.values()));
    }

    /** Headers whose {@code field} lies in the unsigned range {@code lo..hi}, both included. */
    public HeaderSpace range(String field, long lo, long hi) {
        HeaderField f = field(field);
        int r = Bdd.FALSE;
        for (BitPrefix p : BitPrefix.coverRange(lo, hi, f.widthBits())) {
            r = bdd.or(r, prefix(field, p).node());
        }
        return wrap(r);
    }

    /** Headers whose {@code field} is below {@code bound} (ACL {@code lt}); empty for 0. */
    HeaderSpace lessThan(String field, long bound) {
        return bound == 0 ? none : range(field, 0, bound - 1);
    }

    /** Headers whose {@code field} is above {@code bound} (ACL {@code gt}); empty at the maximum. */
    HeaderSpace greaterThan(String field, long bound) {
        HeaderField f = field(field);
        return bound == f.fullMask() ? none : range(field, bound + 1, f.fullMask());
    }

    /** Headers whose {@code field} differs from {@code value} (ACL {@code neq}). */
    HeaderSpace notEqual(String field, long value) {
        return equal(field, value).complement();
    }

    /** The one header {@code header}. */
    public HeaderSpace of(Header header) {
        requireLayout(header);
        boolean[] bits = header.toAssignment();
        int[] vars = new int[bits.length];
        Arrays.setAll(vars, i -> i);
        return wrap(bdd.cube(vars, bits));
    }

    /**
     * A hassel wildcard over the whole header: one of {@code 0}, {@code 1}, {@code x} (either) or
     * {@code z} (neither, so the set is empty) per bit, in {@link #hasselOrder()}. Commas and
     * whitespace between bytes are ignored. A bit no field covers must be {@code x} (or {@code z}).
     */
    public HeaderSpace wildcard(String hassel) {
        char[] bits = hasselBits(hassel);
        int cared = 0;
        for (char c : bits) {
            switch (c) {
                case '0', '1' -> cared++;
                case 'x' -> {}
                case 'z' -> {
                    return none;
                }
                default -> throw new IllegalArgumentException("bad wildcard character '" + c + "'");
            }
        }
        int[] vars = new int[cared];
        boolean[] values = new boolean[cared];
        int k = 0;
        for (int p = 0; p < bits.length; p++) {
            if (bits[p] != 'x') {
                vars[k] = coveredVar(p, "is '" + bits[p] + "'");
                values[k] = bits[p] == '1';
                k++;
            }
        }
        return wrap(bdd.cube(vars, values));
    }

    /** The characters of a hassel string without separators, checked for length. */
    char[] hasselBits(String hassel) {
        StringBuilder b = new StringBuilder(hassel.length());
        for (int i = 0; i < hassel.length(); i++) {
            char c = hassel.charAt(i);
            if (c != ',' && !Character.isWhitespace(c)) {
                b.append(Character.toLowerCase(c));
            }
        }
        if (b.length() != layout.widthBits()) {
            throw new IllegalArgumentException(
                    "hassel string has " + b.length() + " bits, layout " + layout.name() + " has " + layout.widthBits());
        }
        return b.toString().toCharArray();
    }

    /** The variable of hassel bit {@code p}, which {@code what} (0/1 or rewritten) requires a field for. */
    int coveredVar(int p, String what) {
        int v = hasselOrder[p];
        if (v < 0) {
            throw new IllegalArgumentException(
                    "hassel bit " + p + " " + what + ", but no field of layout " + layout.name() + " covers it");
        }
        return v;
    }

    void requireLayout(Header header) {
        if (!header.layout().equals(layout)) {
            throw new IllegalArgumentException("header of another layout");
        }
    }
}
