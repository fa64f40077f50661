package org.sonde.load.stats;

import java.util.function.ToLongFunction;

/**
 * Requests and responses from dperf's counters, one rule for totals, every second and the
 * report. HTTP and raw TCP payloads have their own counters; a UDP request is a datagram's first
 * transmission (udpTx less the udpRt resends) and a response a datagram that answered one (udpRx
 * less udpDrop). On a server, a request is a datagram accepted and a response one sent back.
 */
public final class Tallies {
    private Tallies() {}

    /** The counter a TCP client's request goes to: httpGet or httpPost for HTTP payloads, tcpReq for raw ones. */
    public static Counter tcpRequestCounter(boolean http, boolean post) {
        return !http ? Counter.TCP_REQ : post ? Counter.HTTP_POST : Counter.HTTP_GET;
    }

    public static long requests(boolean client, ToLongFunction<Counter> v) {
        long tcp = v.applyAsLong(Counter.HTTP_GET) + v.applyAsLong(Counter.HTTP_POST) + v.applyAsLong(Counter.TCP_REQ);
        long udp = client ? v.applyAsLong(Counter.UDP_TX) - v.applyAsLong(Counter.UDP_RT)
                : v.applyAsLong(Counter.UDP_RX) - v.applyAsLong(Counter.UDP_DROP);
        return tcp + udp;
    }

    /** Successful responses: 2XX, raw TCP responses, answered datagrams. */
    public static long responses(boolean client, ToLongFunction<Counter> v) {
        long tcp = v.applyAsLong(Counter.HTTP_2XX) + v.applyAsLong(Counter.TCP_RSP);
        long udp = client ? v.applyAsLong(Counter.UDP_RX) - v.applyAsLong(Counter.UDP_DROP) : v.applyAsLong(Counter.UDP_TX);
        return tcp + udp;
    }

    /** The sum of every error counter (dperf's red fields). */
    public static long errors(ToLongFunction<Counter> v) {
        long sum = 0;
        for (Counter c : Counter.values()) if (c.error()) sum += v.applyAsLong(c);
        return sum;
    }
}
