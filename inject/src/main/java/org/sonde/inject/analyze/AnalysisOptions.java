package org.sonde.inject.analyze;

/** Everything the analyzers need beyond the trace and the test metadata. */
public record AnalysisOptions(GbnOptions gbn, CnpOptions cnp, NicModel requesterNic, NicModel responderNic) {
    public AnalysisOptions {
        if (gbn == null || cnp == null || requesterNic == null || responderNic == null) {
            throw new IllegalArgumentException("analysis options need go-back-N and CNP options and both NIC models");
        }
    }

    /**
     * Strict go-back-N and the CNP limiter of the responder's NIC (the notification point of SEND and
     * WRITE), with its default interval and NAK triggers as Lumina derives them from np-enable and
     * slow-restart.
     */
    public static AnalysisOptions strict(NicModel requesterNic, NicModel responderNic, boolean npEnabled, boolean slowRestart) {
        return new AnalysisOptions(GbnOptions.strict(), CnpOptions.forNic(responderNic, -1, npEnabled, slowRestart), requesterNic, responderNic);
    }
}
