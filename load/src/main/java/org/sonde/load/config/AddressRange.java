package org.sonde.load.config;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * dperf's {@code IPstart N}: N consecutive addresses of which only the last byte varies.
 */
public record AddressRange(InetAddress first, int count) {
    /** dperf's limit per range: the last byte runs over at most 254 values. */
    public static final int MAX_COUNT = 254;

    public AddressRange {
        if (count < 1 || count > MAX_COUNT) throw new IllegalArgumentException("count out of range: " + count);
        int last = first.getAddress()[first.getAddress().length - 1] & 0xff;
        if (last + count - 1 > 255) throw new IllegalArgumentException("range runs past the last byte");
    }

    public boolean ipv6() {
        return first instanceof Inet6Address;
    }

    public boolean ipv4() {
        return first instanceof Inet4Address;
    }

    /** The i-th address of the range, 0 ≤ i < count. */
    public InetAddress get(int i) {
        byte[] b = first.getAddress();
        b[b.length - 1] = (byte) ((b[b.length - 1] & 0xff) + i);
        try {
            return InetAddress.getByAddress(b);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // cannot happen: the length is that of a valid address
        }
    }

    /** The low two bytes of the i-th address: dperf indexes its socket table by them, so they must be unique. */
    public int low16(int i) {
        byte[] b = first.getAddress();
        return (((b[b.length - 2] & 0xff) << 8) | (b[b.length - 1] & 0xff)) + i;
    }

    public boolean contains(InetAddress a) {
        byte[] x = a.getAddress();
        byte[] f = first.getAddress();
        if (x.length != f.length) return false;
        for (int i = 0; i < x.length - 1; i++) if (x[i] != f[i]) return false;
        int d = (x[x.length - 1] & 0xff) - (f[f.length - 1] & 0xff);
        return d >= 0 && d < count;
    }

    @Override
    public String toString() {
        return first.getHostAddress() + " " + count;
    }
}
