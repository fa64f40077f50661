package org.sonde.search.tcp;

import java.util.Locale;
import org.sonde.search.space.Grid;

/**
 * The dimensions of the TCP workload space, each with its discretised values. The largest offered
 * rate, 3000 connections/s of 4 requests (12000 requests/s), is within what the load engine's
 * client and server carry beside the kernel on two cores: a first run with 8 requests per
 * connection (24000 requests/s) found this machine's own limit, 15000-19000 requests/s with the
 * largest backlog and no kernel drop counter rising, which is the testbed's and not the stack's. The client's
 * offered load: new connections per second (an open-loop launch rate), requests per connection
 * (1: one request, then the server closes; more: keepalive, one request per
 * {@link TcpPoint#KEEPALIVE_INTERVAL_MICROS} µs), concurrent connections (held with keepalive only),
 * the bytes of each request and of each response (HTTP messages padded to that size), client
 * source addresses, and the width of the client's ephemeral port range. The hosts' settings: the
 * server's listen backlog ({@code net.core.somaxconn}, which caps the engine's listen(2) backlog),
 * its worker threads (one event loop each, listening with SO_REUSEPORT), SYN cookies
 * ({@code net.ipv4.tcp_syncookies} 0 off, 1 when the SYN queue overflows, 2 always) and the
 * client's reuse of ports in TIME_WAIT ({@code net.ipv4.tcp_tw_reuse} 0 off, 1 on, 2 for loopback
 * only, the kernel's default, which is off between the namespaces), both categorical.
 */
public enum TcpDimension {
    CPS(Grid.of(100, 300, 1000, 3000), false),
    REQUESTS(Grid.of(1, 2, 4), false),
    CONCURRENCY(Grid.of(8, 32, 128, 512, 2048), false),
    REQUEST_BYTES(Grid.of(100, 1000, 16000), false),
    RESPONSE_BYTES(Grid.of(100, 1000, 16000, 128000), false),
    CLIENT_ADDRESSES(Grid.of(1, 2, 4), false),
    EPHEMERAL_PORTS(Grid.of(64, 256, 1024, 28232), false),
    BACKLOG(Grid.of(1, 4, 16, 128, 4096), false),
    SERVER_WORKERS(Grid.of(1, 2), false),
    SYNCOOKIES(Grid.of(0, 1, 2), true),
    TW_REUSE(Grid.of(0, 1, 2), true);

    private final Grid grid;
    private final boolean categorical;

    TcpDimension(Grid grid, boolean categorical) {
        this.grid = grid;
        this.categorical = categorical;
    }

    /** The values the dimension takes in the full space. */
    public Grid grid() {
        return grid;
    }

    /** Whether the dimension is categorical (tried value by value) rather than ordered (bounded and bisected). */
    public boolean categorical() {
        return categorical;
    }

    /** Whether changing this dimension can change {@code p}'s workload: concurrency matters only with keepalive. */
    public boolean appliesTo(TcpPoint p) {
        return this != CONCURRENCY || p.requests() > 1;
    }

    /** camelCase, as in JSON and YAML: {@code ephemeralPorts}. */
    public String jsonName() {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char c : name().toLowerCase(Locale.ROOT).toCharArray()) {
            if (c == '_') up = true;
            else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return b.toString();
    }

    /** The dimension named {@code jsonName}, or null. */
    public static TcpDimension byJsonName(String name) {
        for (TcpDimension d : values()) if (d.jsonName().equals(name)) return d;
        return null;
    }
}
