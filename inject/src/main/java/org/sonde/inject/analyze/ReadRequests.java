package org.sonde.inject.analyze;

import org.sonde.inject.model.TracePacket;
import org.sonde.packet.Psn;

/** The PSN range a READ request asks for: ceil(DMA length / MTU) responses from its own PSN on. */
final class ReadRequests {
    private ReadRequests() {}

    /** The PSN of the last response {@code request} asks for; a zero-length READ gets one response. */
    static int lastResponsePsn(TracePacket request, int mtu) {
        long length = Math.max(0, request.dmaLength());
        long responses = Math.max(1, (length + mtu - 1) / mtu);
        return Psn.add(request.psn(), (int) ((responses - 1) % Psn.MODULUS));
    }
}
