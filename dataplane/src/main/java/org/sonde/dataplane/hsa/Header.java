package org.sonde.dataplane.hsa;

import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.StringJoiner;
import org.sonde.dataplane.model.HeaderField;
import org.sonde.dataplane.model.HeaderLayout;

/**
 * One concrete packet header: a value for every field of a layout. Bits no field covers have no
 * value.
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
            HeaderField f = layout.fields().get(i);
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
        HeaderField f = layout.field(name).orElseThrow(
                () -> new NoSuchElementException("no field " + name + " in " + layout.names()));
        return values[layout.fields().indexOf(f)];
    }

    /** The value of each BDD variable of the layout ({@link HeaderAlgebra}'s variable order). */
    boolean[] toAssignment() {
        boolean[] bits = new boolean[HeaderAlgebra.variableCount(layout)];
        int[] first = HeaderAlgebra.firstVars(layout);
        for (int i = 0; i < values.length; i++) {
            HeaderField f = layout.fields().get(i);
            for (int b = 0; b < f.widthBits(); b++) {
                bits[first[i] + b] = ((values[i] >>> (f.widthBits() - 1 - b)) & 1) != 0;
            }
        }
        return bits;
    }

    /** The header a full assignment of the layout's BDD variables describes. */
    static Header fromAssignment(HeaderLayout layout, boolean[] bits) {
        long[] values = new long[layout.fields().size()];
        int[] first = HeaderAlgebra.firstVars(layout);
        for (int i = 0; i < values.length; i++) {
            HeaderField f = layout.fields().get(i);
            long v = 0;
            for (int b = 0; b < f.widthBits(); b++) {
                v = (v << 1) | (bits[first[i] + b] ? 1 : 0);
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
