package org.sonde.sim.traffic;

import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.IpFrame;
import org.sonde.sim.net.UdpDatagram;

/**
 * Constant-rate UDP from one host to another: {@code count} datagrams of {@code payloadBytes}, paced
 * at {@code rateBps} of IP traffic (the NIC queue absorbs any excess over the link rate).
 * Background load, and the open-loop traffic that switch tests need.
 */
public final class UdpSource {
    private final Simulator sim;
    private final Host source;
    private final int destinationIp;
    private final int payloadBytes;
    private final int priority;
    private final int ecn;
    private final long gapBitsTimesNs; // bits of one datagram × 1e9: divided by the rate, the gap in ns
    private final long rateBps;
    private final long count;
    private final int sourcePort;
    private final int destinationPort;
    private long sent;
    private long carry;

    public UdpSource(Host source, Host destination, int payloadBytes, long rateBps, long count, int priority, int ecn,
                     int sourcePort, int destinationPort) {
        if (payloadBytes < 0 || payloadBytes > 65_507) throw new IllegalArgumentException("UDP payload must be 0..65507 bytes, got " + payloadBytes);
        if (rateBps <= 0) throw new IllegalArgumentException("UDP rate must be positive");
        this.sim = source.network().simulator();
        this.source = source;
        this.destinationIp = destination.ip();
        this.payloadBytes = payloadBytes;
        this.priority = priority;
        this.ecn = ecn;
        this.rateBps = rateBps;
        this.count = count;
        this.sourcePort = sourcePort;
        this.destinationPort = destinationPort;
        this.gapBitsTimesNs = (long) (IpFrame.IPV4_HEADER + UdpDatagram.UDP_HEADER + payloadBytes) * 8 * 1_000_000_000L;
    }

    /** How many datagrams of {@code payloadBytes} a source at {@code rateBps} sends in {@code durationNanos} (at least one). */
    public static long datagramsIn(long durationNanos, long rateBps, int payloadBytes) {
        return Math.max(1, (long) (durationNanos / 1e9 * rateBps / ((payloadBytes + IpFrame.IPV4_HEADER + UdpDatagram.UDP_HEADER) * 8.0)));
    }

    /** Sends the first datagram at {@code startNanos}. */
    public void startAt(long startNanos) {
        sim.at(startNanos, this::sendNext);
    }

    public long sent() {
        return sent;
    }

    private void sendNext() {
        UdpDatagram d = new UdpDatagram(payloadBytes, priority);
        d.destinationIp = destinationIp;
        d.sourcePort = sourcePort;
        d.destinationPort = destinationPort;
        d.ecn = ecn;
        d.identification = (int) sent;
        source.send(d);
        if (++sent >= count) return;
        long bits = gapBitsTimesNs + carry; // exact long-run rate: the division's remainder carries over
        sim.after(bits / rateBps, this::sendNext);
        carry = bits % rateBps;
    }
}
