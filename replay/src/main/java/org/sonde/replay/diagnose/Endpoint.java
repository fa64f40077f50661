package org.sonde.replay.diagnose;

/** One end of a TCP connection: an IPv4 or IPv6 address as text and a port. */
public record Endpoint(String ip, int port) implements Comparable<Endpoint> {
    /** {@code 10.0.0.1:5001}, or {@code [fd00::1]:5001} for IPv6. */
    @Override
    public String toString() {
        return (ip.indexOf(':') >= 0 ? "[" + ip + "]" : ip) + ":" + port;
    }

    @Override
    public int compareTo(Endpoint o) {
        int c = ip.compareTo(o.ip);
        return c != 0 ? c : Integer.compare(port, o.port);
    }
}
