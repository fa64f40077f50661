package org.sonde.sim.net;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import java.util.SplittableRandom;
import org.sonde.sim.kernel.Handler;

/**
 * An end host with one NIC port and an IPv4 address. Transports bind to an IP protocol (and
 * optionally a destination port); frames for a kernel transport pass the host's processing delay
 * first, frames for a NIC-offloaded one are handed over on arrival.
 */
public final class Host extends Node {
    private static final int ANY_PORT = 0xFFFF_FFFF;

    private record Binding(FrameSink sink, boolean offloaded, Handler<IpFrame> delivery) {}

    private final int ip;
    private final HostConfig config;
    private final SplittableRandom processingRandom;
    private final Int2ObjectOpenHashMap<Binding> bindings = new Int2ObjectOpenHashMap<>();
    private long lastDelivery;
    private long undeliverable;

    Host(Network network, String name, int id, int ip, HostConfig config) {
        super(network, name, id);
        this.ip = ip;
        this.config = config;
        this.processingRandom = network.random().stream("host:" + name + "/processing");
    }

    public int ip() {
        return ip;
    }

    public HostConfig config() {
        return config;
    }

    public Port nic() {
        if (ports.isEmpty()) throw new IllegalStateException("host " + name() + " is not connected");
        return ports.getFirst();
    }

    /** Frames that arrived for no bound transport (or for another address). */
    public long undeliverable() {
        return undeliverable;
    }

    /** Delivers frames of {@code protocol} to {@code sink} through the kernel's receive path. */
    public void bind(int protocol, FrameSink sink) {
        bind(protocol, ANY_PORT, sink, false);
    }

    /** Delivers frames of {@code protocol} to {@code destinationPort} ({@code -1}: any) to {@code sink}. */
    public void bind(int protocol, int destinationPort, FrameSink sink, boolean offloaded) {
        int key = key(protocol, destinationPort);
        if (bindings.containsKey(key)) {
            throw new IllegalStateException("host " + name() + ": protocol " + protocol + " port " + destinationPort + " is bound already");
        }
        bindings.put(key, new Binding(sink, offloaded, sink::receive));
    }

    private static int key(int protocol, int port) {
        return port == ANY_PORT || port < 0 ? protocol << 16 | 0xFFFF : protocol << 16 | port;
    }

    /** Sends a frame from this host's NIC: fills in the source address and the MACs, then queues it. */
    public void send(IpFrame f) {
        Port nic = nic();
        f.sourceIp = ip;
        f.sourceMac = nic.mac();
        Host to = network.host(f.destinationIp);
        f.destinationMac = to != null ? to.nic().mac() : nic.peer().mac();
        nic.enqueue(f);
    }

    @Override
    void receive(Port in, Frame frame) {
        if (!(frame instanceof IpFrame f) || f.destinationIp != ip) {
            undeliverable++;
            return;
        }
        Binding b = bindings.get(key(f.protocol, f.destinationPort));
        if (b == null) b = bindings.get(key(f.protocol, ANY_PORT));
        if (b == null) {
            undeliverable++;
            return;
        }
        if (b.offloaded) {
            b.sink.receive(f);
            return;
        }
        // Processing delays vary per frame but never reorder: a frame waits for the one before it.
        long at = Math.max(lastDelivery, sim.now() + config.processing().sample(processingRandom));
        lastDelivery = at;
        sim.at(at, b.delivery, f);
    }
}
