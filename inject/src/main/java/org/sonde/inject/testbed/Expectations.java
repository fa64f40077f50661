package org.sonde.inject.testbed;

import org.sonde.inject.analyze.AnalysisOptions;
import org.sonde.inject.analyze.CnpOptions;
import org.sonde.inject.analyze.CnpScope;
import org.sonde.inject.analyze.GbnOptions;
import org.sonde.inject.analyze.NicModel;
import org.sonde.inject.config.RoceParameters;
import org.sonde.inject.config.Traffic;
import org.sonde.inject.model.TestMetadata;
import org.sonde.sim.rdma.NicProfile;
import org.sonde.sim.rdma.RoceConfig;

/**
 * What the analyzers hold a simulated run's trace to: the specification's go-back-N with the QPs'
 * configured timer, and the CNP pacing the notification point was configured with (its profile's
 * scope, the effective interval, CNPs with NAKs only where the profile sends them and the NP is on).
 * The trace then shows whether the NIC did what it was set up to do; where a profile models a NIC
 * that departs from the specification (adaptive retransmission), the go-back-N verdict says so.
 */
final class Expectations {
    private Expectations() {}

    static AnalysisOptions of(TestMetadata metadata, Traffic traffic, NicProfile profile, RoceConfig requester, RoceParameters requesterRoce,
                              RoceConfig responder, RoceParameters responderRoce) {
        boolean requesterIsNp = metadata.requesterIsNotificationPoint();
        RoceConfig np = requesterIsNp ? requester : responder;
        boolean npEnabled = (requesterIsNp ? requesterRoce : responderRoce).dcqcnNpEnable();
        NicProfile.Cnp cnp = np.profile().cnp();
        CnpOptions cnpOptions = new CnpOptions(scope(cnp.scope()), np.cnpIntervalNanos(), cnp.onNak() && npEnabled);
        GbnOptions gbn = GbnOptions.strict().withTimer(traffic.minRetransmitTimeout(), traffic.maxRetransmitRetry());
        NicModel nic = NicModel.ofProfile(profile.name());
        return new AnalysisOptions(gbn, cnpOptions, nic, nic);
    }

    private static CnpScope scope(NicProfile.CnpScope s) {
        return switch (s) {
            case PORT -> CnpScope.PER_PORT;
            case DESTINATION_IP -> CnpScope.PER_DEST_IP;
            case QP -> CnpScope.PER_QP;
        };
    }
}
