package org.sonde.sim.net;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.sonde.sim.kernel.Simulator;

/** A host or switch: named, with numbered ports. */
public abstract sealed class Node permits Host, Switch {
    protected final Network network;
    protected final Simulator sim;
    private final String name;
    private final int id;
    private final long mac;
    final List<Port> ports = new ArrayList<>();

    Node(Network network, String name, int id) {
        this.network = network;
        this.sim = network.simulator();
        this.name = name;
        this.id = id;
        this.mac = 0x02_00_00_00_00_00L | (long) id << 8; // locally administered; the low byte numbers ports
    }

    public String name() {
        return name;
    }

    public int id() {
        return id;
    }

    /** The node's MAC address (a port's is this plus its index). */
    public long mac() {
        return mac;
    }

    public List<Port> ports() {
        return Collections.unmodifiableList(ports);
    }

    public Port port(int index) {
        return ports.get(index);
    }

    public Network network() {
        return network;
    }

    /** A frame has fully arrived on {@code in}. */
    abstract void receive(Port in, Frame frame);

    /** A frame leaves {@code out}'s queue and starts on the wire: where buffers are released. */
    void transmitting(Port out, Frame frame) {
    }

    @Override
    public String toString() {
        return name;
    }
}
