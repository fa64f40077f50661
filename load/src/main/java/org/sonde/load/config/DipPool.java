package org.sonde.load.config;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * dperf's {@code change_dip IP step N}: the destinations of a UDP flood, {@code first},
 * {@code first + step}, ... {@code count} addresses, which the flood's datagrams go to in turn.
 */
public record DipPool(InetAddress first, int step, int count) {
    /** dperf's ip_list holds at most this many. */
    static final int MAX_COUNT = 65_536;

    /** The {@code i}-th address (0-based): the first plus i steps, carried through the whole address. */
    public InetAddress get(int i) {
        byte[] b = first.getAddress();
        long add = (long) i * step;
        for (int k = b.length - 1; k >= 0 && add != 0; k--) {
            long v = (b[k] & 0xff) + (add & 0xff);
            b[k] = (byte) v;
            add = (add >>> 8) + (v >>> 8);
        }
        try {
            return InetAddress.getByAddress(b);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // a 4- or 16-byte array is always an address
        }
    }

    /** The last address of the pool. */
    InetAddress last() {
        return get(count - 1);
    }
}
