package org.sonde.probe.topology;

/** A router or a host of a {@link Topology}; hosts send and receive probes but never forward. */
public record Node(String name, Kind kind) {
    public enum Kind { ROUTER, HOST }

    public Node {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("a node needs a name");
        if (kind == null) throw new IllegalArgumentException("node " + name + " needs a kind");
    }

    public boolean isHost() {
        return kind == Kind.HOST;
    }
}
