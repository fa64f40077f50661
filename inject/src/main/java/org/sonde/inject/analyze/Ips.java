package org.sonde.inject.analyze;

/** Dotted-quad rendering of the int IPv4 addresses the trace model carries. */
final class Ips {
    private Ips() {}

    static String format(int ip) {
        return (ip >>> 24) + "." + ((ip >>> 16) & 0xff) + "." + ((ip >>> 8) & 0xff) + "." + (ip & 0xff);
    }
}
