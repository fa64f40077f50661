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
    private final PacketView view = new PacketView();
    private final MirrorSequence.Unwrapper unwrapper = new MirrorSequence.Unwrapper();

    /** Decodes one mirrored frame; {@code where} names it in errors. */
    public TracePacket decode(byte[] frame, int offset, int capturedLength, int originalLength, String source, String where) {
        try {
            view.dissect(frame, offset, capturedLength);
        } catch (DecodeException e) {
            throw new BadInputException(source, where, "not a RoCEv2 packet: " + e.getMessage(), null, e);
        }
        if (!view.isIpv4() || !view.isRoce()) {
            throw new BadInputException(source, where, "not a RoCEv2/IPv4 packet (UDP port 4791 with a BTH)", "a trace holds the mirrored RoCE packets only", null);
        }
        int ttl = view.ipTtl();
        InjectedEvent event;
        try {
            event = InjectedEvent.fromTtl(ttl);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(source, where, e.getMessage(), null, e);
        }
        int ip = view.ipOffset();
        int ipTotal = (frame[ip + 2] & 0xFF) << 8 | frame[ip + 3] & 0xFF;
        int headersAfterIp = view.payloadOffset() - view.ipPayloadOffset();
        int payload = Math.max(0, ipTotal - (view.ipPayloadOffset() - ip) - headersAfterIp - view.bthPadCount() - 4);
        return new TracePacket(unwrapper.unwrap(MirrorHeaders.sequence(frame, offset)), MirrorHeaders.timestampNanos(frame, offset), event,
                view.ipv4Src(), view.ipv4Dst(), view.bthOpcode(), view.bthDestQp(), view.bthPsn(), view.bthAckReq(), view.bthMigReq(),
                view.ipEcn(), view.hasAeth() ? view.aethSyndrome() : -1, view.hasAeth() ? view.aethMsn() : -1,
                view.hasReth() ? view.rethDmaLength() : -1, payload, originalLength);
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
