package org.sonde.replay.linux;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The agreement of the model's replays with the kernel over a run: connections run, recorded and replayed;
 * connections whose header sequence ({@code seq ack flags len}, PSH aside) is identical in both directions, per
 * direction, and with PSH and the window field too; packets captured, replayed and compared (those before each
 * direction's first divergence), and of those the ones whose PSH or window differ; the send-time error (replayed
 * against captured, over the compared packets) as median, 99th percentile and
 * maximum in ns; segments dropped; the kernel's retransmissions; recorded calls the model could not make; each connection's first divergence (the earlier of its two directions') counted
 * by direction and cause; what the model does not follow; every
 * connection.
 */
public record LinuxAgreement(String kernel, LinuxReplayOptions options, int connectionsRun, int connectionsRecorded, int connectionsReplayed,
                             int identical, int identicalFromClient, int identicalFromServer, int identicalStrictly, long packetsCaptured,
                             long packetsReplayed, long packetsCompared, long pshDiffers, long windowDiffers, Long sendTimeErrorMedianNanos, Long sendTimeErrorP99Nanos,
                             Long sendTimeErrorMaxNanos, long drops, long kernelRetransmissions, long refusedCalls, Map<String, Integer> divergencesByCause,
                             List<String> modelNotes, List<ConnectionAgreement> connections) {
    public LinuxAgreement {
        divergencesByCause = Collections.unmodifiableMap(new TreeMap<>(divergencesByCause));
        modelNotes = List.copyOf(modelNotes);
        connections = List.copyOf(connections);
    }
}
