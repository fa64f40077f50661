package org.sonde.sim.traffic;

import org.sonde.packet.IpProtocols;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.UdpDatagram;

/** Counts the UDP datagrams a host receives (and the ECN marks on them), like a traffic analyser's sink. */
public final class UdpSink {
    private final Simulator sim;
    private long datagrams;
    private long payloadBytes;
    private long ceMarked;
    private long firstArrival = -1;
    private long lastArrival = -1;

    public UdpSink(Host host) {
        this.sim = host.network().simulator();
        host.bind(IpProtocols.UDP, this::received);
    }

    private void received(IpFrame f) {
        UdpDatagram d = (UdpDatagram) f;
        if (firstArrival < 0) firstArrival = sim.now();
        lastArrival = sim.now();
        datagrams++;
        payloadBytes += d.payloadBytes;
        if (d.ecn == IpFrame.ECN_CE) ceMarked++;
    }

    public long datagrams() {
        return datagrams;
    }

    public long payloadBytes() {
        return payloadBytes;
    }

    public long ceMarked() {
        return ceMarked;
    }

    /** When the first datagram reached the sink, or -1. */
    public long firstArrivalNanos() {
        return firstArrival;
    }

    public long lastArrivalNanos() {
        return lastArrival;
    }
}
