package org.sonde.dataplane.io.text;

import java.util.List;
import org.sonde.dataplane.hsa.BitPrefix;
import org.sonde.dataplane.model.Ternary;

/** An inclusive range of a field's values as a file writes it: a port range of an ACL line, a protocol range. */
public record Range(int low, int high) {
    /**
     * The fewest ternaries (aligned blocks) of a {@code widthBits}-bit field whose union is exactly
     * this range, in increasing order: how a range becomes model ACL entries, which match ternaries.
     */
    public List<Ternary> cover(int widthBits) {
        return BitPrefix.coverRange(low, high, widthBits).stream().map(p -> Ternary.prefix(p.value(), p.length(), widthBits)).toList();
    }
}
