package org.sonde.packet.synth;

import org.sonde.packet.Aeth;
import org.sonde.packet.Bth;
import org.sonde.packet.CnpPayload;
import org.sonde.packet.EthernetHeader;
import org.sonde.packet.Header;
import org.sonde.packet.ImmutableBytes;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Header;
import org.sonde.packet.MacAddress;
import org.sonde.packet.Packet;
import org.sonde.packet.PacketBuilder;
import org.sonde.packet.Psn;
import org.sonde.packet.Reth;
import org.sonde.packet.RoceOpcode;
import org.sonde.packet.UdpHeader;
import org.sonde.packet.WellKnownPorts;

import java.util.SplittableRandom;

/**
 * Seeded RoCEv2 RC traffic between two hosts as a capture point at the responder's port would see
 * it: messages segmented at the path MTU with first/middle/last/only opcodes, RETH on the first
 * packet of WRITEs and on READ requests, coalesced ACKs with MSN, READ responses with AETH, data
 * packets lost before the capture point answered by a PSN-sequence-error NAK (or, for the last
 * packet of a message, the retransmission timeout) and a go-back-N
 * retransmission, and CE-marked packets answered by CNPs (at most one per QP per 50 µs).
 * Timestamps follow serialization at the link rate. This is a wire-format workload for tools and
 * benchmarks, not a transport model: the simulator is where transport behaviour lives.
 */
public final class SyntheticRoceTraffic {
    /** Receives each frame in capture order. */
    @FunctionalInterface
    public interface FrameSink {
        void accept(long timeNanos, byte[] frame);
    }

    public enum Verb { WRITE, SEND, READ }

    /** The workload; rates are probabilities per data packet. */
    public record Settings(long seed, int queuePairs, Verb verb, int messageBytes, int mtuBytes,
                    double lossRate, double ecnMarkRate, double linkGbps) {}

    private static final MacAddress REQUESTER_MAC = MacAddress.parse("02:00:00:00:00:01");
    private static final MacAddress RESPONDER_MAC = MacAddress.parse("02:00:00:00:00:02");
    private static final Ipv4Address REQUESTER_IP = Ipv4Address.parse("10.0.0.1");
    private static final Ipv4Address RESPONDER_IP = Ipv4Address.parse("10.0.0.2");
    private static final int ROCE_DSCP = 26;
    private static final int ECT0 = 2;
    private static final int CE = 3;
    private static final long CNP_INTERVAL_NANOS = 50_000;
    private static final long RESPONSE_DELAY_NANOS = 1_000;
    private static final int RKEY = 0x1234;
    /** 4.096 µs · 2^14, a common RC local ACK timeout. */
    private static final long RETRANSMIT_TIMEOUT_NANOS = 67_108_864;

    private final Settings settings;
    private final SplittableRandom random;
    private final byte[] payloadPool;
    private final QueuePair[] qps;
    private long clockNanos;
    private long bytes;
    private long packets;

    private static final class QueuePair {
        int requesterQpn;
        int responderQpn;
        int udpSourcePort;
        int nextPsn;
        int msn;
        long virtualAddress;
        long lastCnpNanos = Long.MIN_VALUE;
        int identification;
    }

    public SyntheticRoceTraffic(Settings settings) {
        this.settings = settings;
        this.random = new SplittableRandom(settings.seed());
        this.payloadPool = new byte[settings.mtuBytes() * 2];
        random.nextBytes(payloadPool);
        this.qps = new QueuePair[settings.queuePairs()];
        for (int i = 0; i < qps.length; i++) {
            QueuePair qp = new QueuePair();
            qp.requesterQpn = 0x100 + i;
            qp.responderQpn = 0x200 + i;
            qp.udpSourcePort = 49152 + random.nextInt(16384);
            // start some QPs just below the 24-bit wrap so that wrap-around shows up in every capture
            qp.nextPsn = i % 2 == 0 ? random.nextInt(Psn.MODULUS) : Psn.MODULUS - 1 - random.nextInt(64);
            qp.virtualAddress = 0x7f00_0000_0000L + ((long) i << 32);
            qps[i] = qp;
        }
        this.clockNanos = 1_700_000_000_000_000_000L;
    }

    public long bytes() {
        return bytes;
    }

    public long packets() {
        return packets;
    }

    /** Emits whole messages, round robin over the QPs, until at least {@code targetBytes} were emitted. */
    public void run(long targetBytes, FrameSink sink) {
        for (int m = 0; bytes < targetBytes; m++) {
            QueuePair qp = qps[m % qps.length];
            switch (settings.verb()) {
                case WRITE -> requestWithData(qp, sink, true);
                case SEND -> requestWithData(qp, sink, false);
                case READ -> read(qp, sink);
            }
        }
    }

    private int segments() {
        return Math.max(1, (settings.messageBytes() + settings.mtuBytes() - 1) / settings.mtuBytes());
    }

    private int segmentBytes(int index, int count) {
        return index < count - 1 ? settings.mtuBytes() : settings.messageBytes() - settings.mtuBytes() * (count - 1);
    }

    /** A WRITE or SEND message, with go-back-N after a loss, then the ACK. */
    private void requestWithData(QueuePair qp, FrameSink sink, boolean write) {
        int count = segments();
        int firstPsn = qp.nextPsn;
        int from = 0;
        while (from < count) {
            int lost = -1;
            for (int i = from; i < count; i++) {
                RoceOpcode op = dataOpcode(write, i, count);
                Bth bth = Bth.builder(op, qp.responderQpn, Psn.add(firstPsn, i)).ackRequest(i == count - 1).build();
                Reth reth = write && i == 0 ? new Reth(qp.virtualAddress, RKEY, settings.messageBytes()) : null;
                if (lost < 0 && random.nextDouble() < settings.lossRate()) {
                    lost = i;               // lost upstream of the capture point: never seen here
                    advance(frameBytes(segmentBytes(i, count), reth != null));
                    continue;
                }
                boolean ce = random.nextDouble() < settings.ecnMarkRate();
                emit(sink, toResponder(qp, ce, bth, reth, segmentBytes(i, count)));
                if (ce) cnp(qp, sink);
                if (lost >= 0) break;       // the first packet after the hole is out of sequence
            }
            if (lost < 0) break;
            if (lost < count - 1) {
                // NAK with the expected PSN; the requester goes back to it (go-back-N)
                emitAfterDelay(sink, toRequester(qp, Bth.builder(RoceOpcode.RC_ACKNOWLEDGE, qp.requesterQpn,
                        Psn.add(firstPsn, lost)).build(), Aeth.nak(Aeth.NakCode.PSN_SEQUENCE_ERROR, qp.msn)));
            } else {
                clockNanos += RETRANSMIT_TIMEOUT_NANOS; // a lost last packet is only recovered by the timeout
            }
            from = lost;
        }
        qp.msn = (qp.msn + 1) & 0xFFFFFF;
        qp.nextPsn = Psn.add(firstPsn, count);
        emitAfterDelay(sink, toRequester(qp, Bth.builder(RoceOpcode.RC_ACKNOWLEDGE, qp.requesterQpn,
                Psn.add(firstPsn, count - 1)).build(), Aeth.ack(Aeth.CREDITS_INVALID, qp.msn)));
        qp.virtualAddress += settings.messageBytes();
    }

    /** A READ request and its responses (the responses carry the data, and AETH on first/last/only). */
    private void read(QueuePair qp, FrameSink sink) {
        int count = segments();
        int firstPsn = qp.nextPsn;
        emit(sink, toResponder(qp, false, Bth.builder(RoceOpcode.RC_RDMA_READ_REQUEST, qp.responderQpn, firstPsn)
                .ackRequest(true).build(), new Reth(qp.virtualAddress, RKEY, settings.messageBytes()), 0));
        advance(0);
        clockNanos += RESPONSE_DELAY_NANOS;
        qp.msn = (qp.msn + 1) & 0xFFFFFF;
        for (int i = 0; i < count; i++) {
            RoceOpcode op = count == 1 ? RoceOpcode.RC_RDMA_READ_RESPONSE_ONLY
                    : i == 0 ? RoceOpcode.RC_RDMA_READ_RESPONSE_FIRST
                    : i == count - 1 ? RoceOpcode.RC_RDMA_READ_RESPONSE_LAST
                    : RoceOpcode.RC_RDMA_READ_RESPONSE_MIDDLE;
            Bth bth = Bth.builder(op, qp.requesterQpn, Psn.add(firstPsn, i)).build();
            boolean withAeth = op != RoceOpcode.RC_RDMA_READ_RESPONSE_MIDDLE;
            PacketBuilder b = Packet.builder().add(ethernet(RESPONDER_MAC, REQUESTER_MAC),
                    ipv4(qp, RESPONDER_IP, REQUESTER_IP, ECT0), udp(qp), bth);
            if (withAeth) b.add(Aeth.ack(Aeth.CREDITS_INVALID, qp.msn));
            emit(sink, b.payload(slice(segmentBytes(i, count))).build().encode());
        }
        qp.nextPsn = Psn.add(firstPsn, count);
        qp.virtualAddress += settings.messageBytes();
    }

    private static RoceOpcode dataOpcode(boolean write, int i, int count) {
        if (count == 1) return write ? RoceOpcode.RC_RDMA_WRITE_ONLY : RoceOpcode.RC_SEND_ONLY;
        if (i == 0) return write ? RoceOpcode.RC_RDMA_WRITE_FIRST : RoceOpcode.RC_SEND_FIRST;
        if (i == count - 1) return write ? RoceOpcode.RC_RDMA_WRITE_LAST : RoceOpcode.RC_SEND_LAST;
        return write ? RoceOpcode.RC_RDMA_WRITE_MIDDLE : RoceOpcode.RC_SEND_MIDDLE;
    }

    /** The notification point's answer to a CE mark, rate-limited per QP. */
    private void cnp(QueuePair qp, FrameSink sink) {
        if (qp.lastCnpNanos != Long.MIN_VALUE && clockNanos - qp.lastCnpNanos < CNP_INTERVAL_NANOS) return;
        qp.lastCnpNanos = clockNanos;
        emitAfterDelay(sink, Packet.builder().add(ethernet(RESPONDER_MAC, REQUESTER_MAC),
                ipv4(qp, RESPONDER_IP, REQUESTER_IP, 1), udp(qp), Bth.cnp(qp.requesterQpn), CnpPayload.ZERO)
                .build().encode());
    }

    private byte[] toResponder(QueuePair qp, boolean ce, Bth bth, Reth reth, int payloadBytes) {
        PacketBuilder b = Packet.builder().add(ethernet(REQUESTER_MAC, RESPONDER_MAC),
                ipv4(qp, REQUESTER_IP, RESPONDER_IP, ce ? CE : ECT0), udp(qp), bth);
        if (reth != null) b.add(reth);
        return b.payload(slice(payloadBytes)).build().encode();
    }

    private byte[] toRequester(QueuePair qp, Bth bth, Aeth aeth) {
        return Packet.builder().add(ethernet(RESPONDER_MAC, REQUESTER_MAC),
                ipv4(qp, RESPONDER_IP, REQUESTER_IP, ECT0), udp(qp), bth, aeth).build().encode();
    }

    private static EthernetHeader ethernet(MacAddress source, MacAddress destination) {
        return EthernetHeader.of(destination, source);
    }

    private static Ipv4Header ipv4(QueuePair qp, Ipv4Address source, Ipv4Address destination, int ecn) {
        qp.identification = (qp.identification + 1) & 0xFFFF;
        return Ipv4Header.builder(source, destination).dscp(ROCE_DSCP).ecn(ecn).ttl(64)
                .identification(qp.identification).flags(Ipv4Header.FLAG_DONT_FRAGMENT).build();
    }

    /** RoCEv2 leaves the UDP checksum at zero (the ICRC protects the packet). */
    private static UdpHeader udp(QueuePair qp) {
        return new UdpHeader(qp.udpSourcePort, WellKnownPorts.ROCE_V2, Header.AUTO, 0);
    }

    private ImmutableBytes slice(int length) {
        int from = random.nextInt(payloadPool.length - length + 1);
        return ImmutableBytes.copyOf(payloadPool, from, length);
    }

    private static int frameBytes(int payloadBytes, boolean reth) {
        return 14 + 20 + 8 + Bth.LENGTH + (reth ? Reth.LENGTH : 0) + payloadBytes + 4;
    }

    private void emit(FrameSink sink, byte[] frame) {
        sink.accept(clockNanos, frame);
        advance(frame.length);
        bytes += frame.length;
        packets++;
    }

    private void emitAfterDelay(FrameSink sink, byte[] frame) {
        clockNanos += RESPONSE_DELAY_NANOS;
        emit(sink, frame);
    }

    /** Serialization time of a frame plus preamble, start delimiter and inter-frame gap (20 bytes). */
    private void advance(int frameBytes) {
        clockNanos += (long) Math.ceil((frameBytes + 20) * 8 / settings.linkGbps());
    }
}
