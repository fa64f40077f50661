package org.sonde.inject.analyze;

/**
 * What the trace says each host NIC did, for the counter checks: the requester host and the
 * responder host (each may be data sender for some QPs and data receiver for others).
 */
record NicTraffic(Side requester, Side responder) {
    /**
     * @param cnpsSent              CNPs it sent as notification point
     * @param cnpsReceived          CNPs delivered to it as reaction point
     * @param ecnMarkedDataReceived CE-marked data packets delivered to it
     * @param corruptDataReceived   data packets to it with an injected bit error (its ICRC check fails)
     */
    public record Side(long cnpsSent, long cnpsReceived, long ecnMarkedDataReceived, long corruptDataReceived) {
    }
}
