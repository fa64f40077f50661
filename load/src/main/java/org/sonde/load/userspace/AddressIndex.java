package org.sonde.load.userspace;

import java.util.List;
import org.sonde.load.config.AddressRange;

/**
 * The client addresses (IPv6 ones by their low 32 bits: {@link Prefixes}), numbered in order, and found by their low two bytes with one array
 * read, as dperf's socket table finds them ({@code ht[client_ip & 0xffff]}; the configuration
 * parser already requires those bytes to be unique).
 */
final class AddressIndex {
    private final int[] addresses;
    /** low 16 bits -> index + 1 (0: not a client address). */
    private final int[] byLow16 = new int[65_536];

    AddressIndex(List<AddressRange> ranges) {
        int n = 0;
        for (AddressRange r : ranges) n += r.count();
        addresses = new int[n];
        int i = 0;
        for (AddressRange r : ranges) {
            for (int k = 0; k < r.count(); k++) {
                int ip = Prefixes.low(r.get(k));
                addresses[i] = ip;
                byLow16[ip & 0xffff] = i + 1;
                i++;
            }
        }
    }

    int count() {
        return addresses.length;
    }

    int address(int index) {
        return addresses[index];
    }

    /** The address's index, or -1 when it is not a client address. */
    int indexOf(int ip) {
        int i = byLow16[ip & 0xffff] - 1;
        return i >= 0 && addresses[i] == ip ? i : -1;
    }
}
