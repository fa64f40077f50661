package org.sonde.load.engine;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.sonde.load.config.AddressRange;
import org.sonde.load.config.DipPool;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.config.PortRange;

/**
 * Where one worker's connections go and come from. Targets: every server address × listen port,
 * round robin (a flood's {@code change_dip} pool replaces the server addresses). Sources: the {@code client} addresses, round robin, each with a port
 * connect(2) chooses for the whole 4-tuple (about 28 k per address and destination, so many
 * addresses or servers exceed one address's ports to one server), or with
 * explicit ports from {@code client_port_range}, split between workers so two never bind the same.
 */
final class Endpoints {
    private final InetSocketAddress[] targets;
    private final InetSocketAddress[] sourcesAnyPort;
    private final InetAddress[] sourceAddresses;
    private final PortRange ports;
    private final int worker;
    private final int workers;
    private int nextTarget;
    private long nextTuple;

    Endpoints(LoadConfig c, int worker, int workers) {
        List<InetSocketAddress> t = new ArrayList<>();
        if (c.changeDip().isPresent()) {
            DipPool pool = c.changeDip().get();
            for (int i = 0; i < pool.count(); i++) {
                for (int p = 0; p < c.listenCount(); p++) t.add(new InetSocketAddress(pool.get(i), c.listenPort() + p));
            }
        }
        if (t.isEmpty()) t.addAll(serverAddresses(c));
        targets = t.toArray(InetSocketAddress[]::new);
        List<InetAddress> s = new ArrayList<>();
        for (AddressRange r : c.clients()) for (int i = 0; i < r.count(); i++) s.add(r.get(i));
        sourceAddresses = s.toArray(InetAddress[]::new);
        sourcesAnyPort = s.stream().map(a -> new InetSocketAddress(a, 0)).toArray(InetSocketAddress[]::new);
        ports = c.clientPorts().orElse(null);
        this.worker = worker;
        this.workers = workers;
        this.nextTuple = worker;
        this.nextTarget = worker % targets.length;
    }

    /** Every server address × listen port: where a server listens, and a client's targets without change_dip. */
    static List<InetSocketAddress> serverAddresses(LoadConfig c) {
        List<InetSocketAddress> all = new ArrayList<>();
        for (AddressRange r : c.servers()) {
            for (int i = 0; i < r.count(); i++) {
                for (int p = 0; p < c.listenCount(); p++) all.add(new InetSocketAddress(r.get(i), c.listenPort() + p));
            }
        }
        return all;
    }

    InetSocketAddress nextTarget() {
        return targets[nextTargetIndex()];
    }

    /** The index (into {@link #targets}) of the next target, for callers that encode each target once. */
    int nextTargetIndex() {
        int i = nextTarget;
        if (++nextTarget == targets.length) nextTarget = 0;
        return i;
    }

    /** Every server address × listen port, in round-robin order. */
    List<InetSocketAddress> targets() {
        return List.of(targets);
    }

    /** Whether connections bind a source at all (else the kernel chooses address and port). */
    boolean bindsSource() {
        return sourceAddresses.length > 0 || ports != null;
    }

    /** Whether the source port is explicit (so SO_REUSEADDR is needed to reuse ports in TIME_WAIT). */
    boolean explicitPorts() {
        return ports != null;
    }

    /** The next source tuple: addresses vary fastest, so consecutive connections spread over addresses. */
    InetSocketAddress nextSource() {
        if (ports == null) {
            InetSocketAddress a = sourcesAnyPort[(int) (nextTuple % sourcesAnyPort.length)];
            nextTuple += workers;
            return a;
        }
        int addressCount = Math.max(1, sourceAddresses.length);
        long tuples = (long) addressCount * ports.size();
        long t = nextTuple % tuples;
        nextTuple += workers;
        if (nextTuple >= tuples + worker) nextTuple = worker;
        InetAddress address = sourceAddresses.length == 0 ? null : sourceAddresses[(int) (t % addressCount)];
        int port = ports.first() + (int) (t / addressCount);
        return address == null ? new InetSocketAddress(port) : new InetSocketAddress(address, port);
    }
}
