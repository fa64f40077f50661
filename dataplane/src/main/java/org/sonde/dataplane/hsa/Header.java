package org.sonde.dataplane.hsa;

import java.util.Arrays;
import java.util.StringJoiner;

/**
 * One concrete packet header: a value for every field of a layout.
 *
 * @param layout the layout the values follow
 * @param values one unsigned value per field, in layout order
 */
public record Header(HeaderLayout layout, long[] values) {

    /** Checks that there is one fitting value per field, and keeps a private copy. */
    public Header {
        values = values.clone();
        if (values.length != layout.fields().size()) {
            throw new IllegalArgumentException(
                    values.length + " values for " + layout.fields().size() + " fields");
        }
        for (int i = 0; i < values.length; i++) {
            HeaderLayout.Field f = layout.fields().get(i);
            if (!f.fits(values[i])) {
                throw new IllegalArgumentException(
                        "value " + Long.toUnsignedString(values[i]) + " does not fit field " + f.name());
            }
        }
    }

    /** The values, one per field in layout order (a copy). */
    @Override
    public long[] values() {
        return values.clone();
    }

    /** The value of the field called {@code name}. */
    public long get(String name) {
        return values[layout.indexOf(layout.field(name))];
    }

    /** The value of each BDD variable of the layout. */
    boolean[] toAssignment() {
        boolean[] bits = new boolean[layout.totalBits()];
        for (int i = 0; i < values.length; i++) {
            HeaderLayout.Field f = layout.fields().get(i);
            for (int b = 0; b < f.width(); b++) {
                bits[f.var(b)] = ((values[i] >>> (f.width() - 1 - b)) & 1) != 0;
            }
        }
        return bits;
    }

    /** The header a full assignment of the layout's BDD variables describes. */
    static Header fromAssignment(HeaderLayout layout, boolean[] bits) {
        long[] values = new long[layout.fields().size()];
        for (int i = 0; i < values.length; i++) {
            HeaderLayout.Field f = layout.fields().get(i);
            long v = 0;
            for (int b = 0; b < f.width(); b++) {
                v = (v << 1) | (bits[f.var(b)] ? 1 : 0);
            }
            values[i] = v;
        }
        return new Header(layout, values);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Header h && layout.equals(h.layout) && Arrays.equals(values, h.values);
    }

    @Override
    public int hashCode() {
        return 31 * layout.hashCode() + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(", ", "Header[", "]");
        for (int i = 0; i < values.length; i++) {
            j.add(layout.fields().get(i).name() + "=" + Long.toUnsignedString(values[i]));
        }
        return j.toString();
    }
}
