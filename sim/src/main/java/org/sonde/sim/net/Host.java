package org.sonde.sim.net;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.sonde.packet.Ipv4Address;
import org.sonde.sim.kernel.Handler;

/**
 * An end host with one NIC port and one or more IPv4 addresses: the primary one and aliases
 * ({@link Network#addAddress}), as a RoCE NIC has one GID per address. Transports bind to an IP protocol (and
 * optionally a destination port); frames for a kernel transport pass the host's processing delay
 * first, frames for a NIC-offloaded one are handed over on arrival.
 */
public final class Host extends Node {
    private static final int ANY_PORT = 0xFFFF_FFFF;

    private record Binding(FrameSink sink, boolean offloaded, Handler<IpFrame> delivery) {}

    /** The primary address first, then the aliases in the order they were added. */
    private final IntArrayList addresses = new IntArrayList(1);
    private final HostConfig config;
    private final SplittableRandom processingRandom;
    private final Int2ObjectOpenHashMap<Binding> bindings = new Int2ObjectOpenHashMap<>();
    private long lastDelivery;
    private long undeliverable;

    Host(Network network, String name, int id, int ip, HostConfig config) {
        super(network, name, id);
        this.addresses.add(ip);
        this.config = config;
        this.processingRandom = network.random().stream("host:" + name + "/processing");
    }

    /** The primary address: the source of frames sent without one. */
    public int ip() {
        return addresses.getInt(0);
    }

    /** Every address of the host, the primary one first. */
    public List<Integer> addresses() {
        return List.copyOf(addresses);
    }

    /** {@link #addresses()} without boxing, for routing. */
    int[] addressArray() {
        return addresses.toIntArray();
    }

    public boolean hasAddress(int ip) {
        return addresses.contains(ip);
    }

    void addAlias(int ip) {
        addresses.add(ip);
    }

    public HostConfig config() {
        return config;
    }

    public Port nic() {
        if (ports.isEmpty()) throw new IllegalStateException("host " + name() + " is not connected");
        return ports.getFirst();
    }

    /** Frames that arrived for no bound transport (or for an address the host does not have). */
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

    /**
     * Sends a frame from this host's NIC: fills in the MACs and, when the frame names none (0), the
     * primary source address, then queues it.
     *
     * @throws IllegalArgumentException if the frame's source address is not one of this host's
     */
    public void send(IpFrame f) {
        Port nic = nic();
        if (f.sourceIp == 0) f.sourceIp = ip();
        else if (!hasAddress(f.sourceIp)) throw new IllegalArgumentException("host " + name() + " cannot send from "
                + Ipv4Address.format(f.sourceIp) + ": it is not one of its addresses");
        f.sourceMac = nic.mac();
        Host to = network.host(f.destinationIp);
        f.destinationMac = to != null ? to.nic().mac() : nic.peer().mac();
        nic.enqueue(f);
    }

    @Override
    void receive(Port in, Frame frame) {
        if (!(frame instanceof IpFrame f) || !hasAddress(f.destinationIp)) {
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
