package org.sonde.load.config;

/** A range of TCP/UDP ports, both ends included. */
public record PortRange(int first, int last) {
    public PortRange {
        if (first < 1 || last > 65535 || first > last) throw new IllegalArgumentException(first + "-" + last);
    }

    public int size() {
        return last - first + 1;
    }
}
