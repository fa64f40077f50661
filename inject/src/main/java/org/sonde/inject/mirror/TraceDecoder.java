package org.sonde.inject.mirror;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.sonde.capture.CaptureReader;
import org.sonde.core.BadInputException;
import org.sonde.inject.model.InjectedEvent;
import org.sonde.inject.model.TracePacket;
import org.sonde.packet.DecodeException;
import org.sonde.packet.PacketView;

/**
 * Reads a reconstructed trace into {@link TracePacket}s: the mirror metadata from TTL and MAC addresses
 * (anchor §3), the RoCE fields from the (possibly trimmed) headers. Lengths come from the IPv4 total
 * length, so trimming to 128 bytes loses nothing the analyzers read.
 */
public final class TraceDecoder {
    private static final int PACKETS_TO_PROBE = 16;
    private final PacketView view = new PacketView();
    private final MirrorSequence.Unwrapper unwrapper = new MirrorSequence.Unwrapper();

    /** Decodes one mirrored frame; {@code where} names it in errors. */
    public TracePacket decode(byte[] frame, int offset, int capturedLength, int originalLength, String source, String where) {
        dissect(frame, offset, capturedLength, source, where);
        InjectedEvent event;
        try {
            event = InjectedEvent.fromTtl(view.ipTtl());
        } catch (IllegalArgumentException e) {
            throw new BadInputException(source, where, e.getMessage(), "is this a trace with Lumina's mirror metadata? Without it, analyze it as a plain capture", e);
        }
        return packet(frame, unwrapper.unwrap(MirrorHeaders.sequence(frame, offset)), MirrorHeaders.timestampNanos(frame, offset), event,
                originalLength);
    }

    /**
     * Decodes a frame of a plain capture (no mirror metadata): its place in the capture is its sequence
     * number, the capture's timestamp its time, and {@code event} what is known or presumed of it.
     */
    public TracePacket decodePlain(byte[] frame, int offset, int capturedLength, int originalLength, long sequence, long timestampNanos,
                                   InjectedEvent event, String source, String where) {
        dissect(frame, offset, capturedLength, source, where);
        return packet(frame, sequence, timestampNanos, event, originalLength);
    }

    private void dissect(byte[] frame, int offset, int capturedLength, String source, String where) {
        try {
            view.dissect(frame, offset, capturedLength);
        } catch (DecodeException e) {
            throw new BadInputException(source, where, "not a RoCEv2 packet: " + e.getMessage(), null, e);
        }
        if (!view.isIpv4() || !view.isRoce()) {
            throw new BadInputException(source, where, "not a RoCEv2/IPv4 packet (UDP port 4791 with a BTH)", "a trace holds the mirrored RoCE packets only", null);
        }
    }

    private TracePacket packet(byte[] frame, long sequence, long timestampNanos, InjectedEvent event, int originalLength) {
        int ip = view.ipOffset();
        int ipTotal = (frame[ip + 2] & 0xFF) << 8 | frame[ip + 3] & 0xFF;
        int headersAfterIp = view.payloadOffset() - view.ipPayloadOffset();
        int payload = Math.max(0, ipTotal - (view.ipPayloadOffset() - ip) - headersAfterIp - view.bthPadCount() - 4);
        return new TracePacket(sequence, timestampNanos, event,
                view.ipv4Src(), view.ipv4Dst(), view.bthOpcode(), view.bthDestQp(), view.bthPsn(), view.bthAckReq(), view.bthMigReq(),
                view.ipEcn(), view.hasAeth() ? view.aethSyndrome() : -1, view.hasAeth() ? view.aethMsn() : -1,
                view.hasReth() ? view.rethDmaLength() : -1, payload, originalLength);
    }

    /**
     * Whether a capture looks like a trace with Lumina's mirror metadata: its first packets are RoCEv2
     * with a TTL that encodes an event and consecutive sequence numbers in their source MACs (an
     * ordinary capture has TTLs of 64 or so and real MAC addresses).
     */
    public static boolean carriesMirrorMetadata(Path capture) {
        PacketView v = new PacketView();
        long previous = -1;
        int seen = 0;
        try (CaptureReader r = CaptureReader.open(capture)) {
            while (seen < PACKETS_TO_PROBE && r.next()) {
                try {
                    v.dissect(r.array(), r.offset(), r.capturedLength());
                } catch (DecodeException e) {
                    return false;
                }
                if (!v.isIpv4() || !v.isRoce() || v.ipTtl() >= InjectedEvent.values().length) return false;
                long sequence = MirrorHeaders.sequence(r.array(), r.offset());
                if (previous >= 0 && sequence != previous + 1) return false;
                previous = sequence;
                seen++;
            }
        }
        return seen > 0;
    }

    /** A sink that decodes each packet of a trace being reconstructed into {@code source} and hands it on. */
    public static TraceSink decoding(String source, Consumer<TracePacket> consumer) {
        TraceDecoder d = new TraceDecoder();
        return (sequence, timestampNanos, frame, offset, capturedLength, originalLength) ->
                consumer.accept(d.decode(frame, offset, capturedLength, originalLength, source, "mirror sequence " + sequence));
    }

    /** Every packet of a trace file, in order. */
    public static void forEach(Path trace, Consumer<TracePacket> consumer) {
        TraceDecoder d = new TraceDecoder();
        try (CaptureReader r = CaptureReader.open(trace)) {
            while (r.next()) {
                consumer.accept(d.decode(r.array(), r.offset(), r.capturedLength(), r.originalLength(), trace.toString(), "packet " + r.recordNumber()));
            }
        }
    }

    public static List<TracePacket> read(Path trace) {
        List<TracePacket> l = new ArrayList<>();
        forEach(trace, l::add);
        return l;
    }
}
