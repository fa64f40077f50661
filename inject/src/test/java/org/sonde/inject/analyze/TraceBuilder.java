package org.sonde.inject.analyze;

import java.util.ArrayList;
import java.util.List;
import org.sonde.inject.model.Endpoint;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.QpPair;
import org.sonde.inject.model.TestMetadata;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;
import org.sonde.sim.rdma.Verb;

/**
 * Hand-built traces for analyzer tests: QPs between a requester host (10.0.0.1, switch port 132) and
 * a responder host (10.0.0.2, port 136), packets named by their PSN offset from the QP's initial PSN
 * P. Each packet is stamped {@link #step} ns after the previous one unless {@link #at} sets the clock.
 */
final class TraceBuilder {
    static final int REQUESTER_IP = 0x0a000001;
    static final int RESPONDER_IP = 0x0a000002;
    static final int REQUESTER_PORT = 132;
    static final int RESPONDER_PORT = 136;
    static final int MTU = 1024;

    private final List<QpPair> qps = new ArrayList<>();
    private final List<TracePacket> packets = new ArrayList<>();
    private final int messages;
    private final long messageSize;
    private long sequence = 7;
    private long now = 1_000;
    private long step = 100;
    private int current;

    private TraceBuilder(int messages, long messageSize) {
        this.messages = messages;
        this.messageSize = messageSize;
    }

    /** One QP of {@code verb} with initial PSN {@code p}: {@code messages} messages of {@code packetsPerMessage} MTU packets. */
    static TraceBuilder of(Verb verb, int p, int messages, int packetsPerMessage) {
        return new TraceBuilder(messages, (long) packetsPerMessage * MTU).addQp(verb, p);
    }

    /** Adds a QP (requester QPN 0x100+i, responder QPN 0x200+i) and makes it the current one. */
    TraceBuilder addQp(Verb verb, int p) {
        return addQp(verb, p, REQUESTER_IP, RESPONDER_IP);
    }

    TraceBuilder addQp(Verb verb, int p, int requesterIp, int responderIp) {
        int i = qps.size();
        qps.add(new QpPair(i, verb, new Endpoint(0x100 + i, p, requesterIp, REQUESTER_PORT),
                new Endpoint(0x200 + i, (p + 0x5000) & Psn.MASK, responderIp, RESPONDER_PORT)));
        current = i;
        return this;
    }

    TraceBuilder qp(int index) {
        current = index;
        return this;
    }

    TraceBuilder at(long nanos) {
        now = nanos - step;
        return this;
    }

    TraceBuilder step(long nanos) {
        step = nanos;
        return this;
    }

    TestMetadata metadata() {
        return new TestMetadata(qps, messages, messageSize, MTU);
    }

    List<TracePacket> packets() {
        return List.copyOf(packets);
    }

    private QpPair qp() {
        return qps.get(current);
    }

    private int psn(int offset) {
        return Psn.add(qp().firstDataPsn(), offset);
    }

    /** A data packet (READ: a response) at P+offset from the data sender to the data receiver. */
    TraceBuilder data(int offset) {
        return data(offset, InjectedEvent.NONE);
    }

    TraceBuilder data(int offset, InjectedEvent event) {
        int opcode = qp().verb() == Verb.READ ? 0x0e : qp().verb() == Verb.WRITE ? 0x07 : 0x01;
        return toReceiver(opcode, psn(offset), event, -1, -1);
    }

    /** Data packets at P+from .. P+to inclusive, none injected. */
    TraceBuilder data(int from, int to) {
        for (int o = from; o <= to; o++) data(o);
        return this;
    }

    TraceBuilder ack(int offset) {
        return toSender(0x11, psn(offset), InjectedEvent.NONE, 0x00, -1);
    }

    TraceBuilder nak(int offset) {
        return nak(offset, 0);
    }

    TraceBuilder nak(int offset, int code) {
        return toSender(0x11, psn(offset), InjectedEvent.NONE, 0x60 | code, -1);
    }

    TraceBuilder rnrNak(int offset) {
        return toSender(0x11, psn(offset), InjectedEvent.NONE, 0x20, -1);
    }

    /** A READ request from the requester for {@code responses} responses starting at P+offset. */
    TraceBuilder readRequest(int offset, int responses) {
        return toSender(0x0c, psn(offset), InjectedEvent.NONE, -1, (long) responses * MTU);
    }

    /** A CNP from the data receiver to the data sender of the current QP. */
    TraceBuilder cnp() {
        return toSender(TracePacket.CNP_OPCODE, 0, InjectedEvent.NONE, -1, -1);
    }

    /** A CNP to the data sender's IP but an arbitrary destination QP. */
    TraceBuilder cnpToQpn(int qpn) {
        QpPair q = qp();
        return add(new TracePacket(sequence++, tick(), InjectedEvent.NONE, q.dataReceiver().ip(), q.dataSender().ip(),
                TracePacket.CNP_OPCODE, qpn, 0, false, true, 0, -1, -1, -1, 16, 78));
    }

    TraceBuilder toReceiver(int opcode, int psn, InjectedEvent event, int syndrome, long dmaLength) {
        QpPair q = qp();
        return add(new TracePacket(sequence++, tick(), event, q.dataSender().ip(), q.dataReceiver().ip(), opcode,
                q.dataReceiver().qpn(), psn, false, true, event == InjectedEvent.ECN ? 3 : 1, syndrome, -1, dmaLength, MTU, MTU + 58));
    }

    TraceBuilder toSender(int opcode, int psn, InjectedEvent event, int syndrome, long dmaLength) {
        QpPair q = qp();
        return add(new TracePacket(sequence++, tick(), event, q.dataReceiver().ip(), q.dataSender().ip(), opcode,
                q.dataSender().qpn(), psn, false, true, 1, syndrome, syndrome < 0 ? -1 : 1, dmaLength, 0, 62));
    }

    private long tick() {
        now += step;
        return now;
    }

    private TraceBuilder add(TracePacket p) {
        packets.add(p);
        return this;
    }
}
