package org.sonde.search.space;

import java.util.List;

/**
 * One traffic of a point: {@code qps} queue pairs of one transport and opcode from a sender to a
 * receiver (§4 dimensions 3 and 4). The sender posts chains of {@code batch} work requests cycling
 * through {@code requests} on queues {@code sendDepth} deep; for SEND the receiver posts receives of
 * {@code recvSizeBytes} in chunks of {@code recvBatch} on queues {@code recvDepth} deep. For READ the
 * data flows from the receiver's memory back to the sender.
 */
public record Traffic(QpType qpType, Opcode opcode, int qps, int mtu, int batch, int sendDepth, int recvBatch, int recvDepth,
                      List<Request> requests, int recvSizeBytes, Endpoint sender, Endpoint receiver) {
    public Traffic {
        if (qpType == null || opcode == null || sender == null || receiver == null) throw new IllegalArgumentException("traffic fields must be set");
        requests = List.copyOf(requests);
        if (requests.isEmpty()) throw new IllegalArgumentException("a traffic needs at least one request");
    }

    public int maxRequestBytes() {
        int m = 0;
        for (Request r : requests) m = Math.max(m, r.sizeBytes());
        return m;
    }

    public int minRequestBytes() {
        int m = Integer.MAX_VALUE;
        for (Request r : requests) m = Math.min(m, r.sizeBytes());
        return m;
    }

    public double meanRequestBytes() {
        double s = 0;
        for (Request r : requests) s += r.sizeBytes();
        return s / requests.size();
    }

    public int maxSges() {
        int m = 0;
        for (Request r : requests) m = Math.max(m, r.sges());
        return m;
    }

    /** Whether the request vector mixes small (at most 1 KB) and large (at least 64 KB) messages, Table 2's "mix". */
    public boolean mixed() {
        return minRequestBytes() <= 1024 && maxRequestBytes() >= 65536;
    }

    Traffic withQpType(QpType v) { return new Traffic(v, opcode, qps, mtu, batch, sendDepth, recvBatch, recvDepth, requests, recvSizeBytes, sender, receiver); }
    Traffic withOpcode(Opcode v) { return new Traffic(qpType, v, qps, mtu, batch, sendDepth, recvBatch, recvDepth, requests, recvSizeBytes, sender, receiver); }
    public Traffic withQps(int v) { return new Traffic(qpType, opcode, v, mtu, batch, sendDepth, recvBatch, recvDepth, requests, recvSizeBytes, sender, receiver); }
    Traffic withMtu(int v) { return new Traffic(qpType, opcode, qps, v, batch, sendDepth, recvBatch, recvDepth, requests, recvSizeBytes, sender, receiver); }
    Traffic withBatch(int v) { return new Traffic(qpType, opcode, qps, mtu, v, sendDepth, recvBatch, recvDepth, requests, recvSizeBytes, sender, receiver); }
    Traffic withSendDepth(int v) { return new Traffic(qpType, opcode, qps, mtu, batch, v, recvBatch, recvDepth, requests, recvSizeBytes, sender, receiver); }
    Traffic withRecvBatch(int v) { return new Traffic(qpType, opcode, qps, mtu, batch, sendDepth, v, recvDepth, requests, recvSizeBytes, sender, receiver); }
    Traffic withRecvDepth(int v) { return new Traffic(qpType, opcode, qps, mtu, batch, sendDepth, recvBatch, v, requests, recvSizeBytes, sender, receiver); }
    Traffic withRequests(List<Request> v) { return new Traffic(qpType, opcode, qps, mtu, batch, sendDepth, recvBatch, recvDepth, v, recvSizeBytes, sender, receiver); }
    Traffic withRecvSize(int v) { return new Traffic(qpType, opcode, qps, mtu, batch, sendDepth, recvBatch, recvDepth, requests, v, sender, receiver); }
    public Traffic withSender(Endpoint v) { return new Traffic(qpType, opcode, qps, mtu, batch, sendDepth, recvBatch, recvDepth, requests, recvSizeBytes, v, receiver); }
    public Traffic withReceiver(Endpoint v) { return new Traffic(qpType, opcode, qps, mtu, batch, sendDepth, recvBatch, recvDepth, requests, recvSizeBytes, sender, v); }
}
