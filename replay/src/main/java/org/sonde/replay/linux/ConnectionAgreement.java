package org.sonde.replay.linux;

import java.util.List;

/**
 * One connection's agreement: packets in the capture and in the replay per direction, whether each direction's
 * sequence of {@code seq ack flags len} (PSH aside) is identical, how many packets were compared (those before each
 * direction's first divergence: for send time, PSH and window), how many of those differ in PSH and in the window
 * field, the first divergence per direction (null when identical), and the recorded calls the model could not make.
 */
record ConnectionAgreement(int id, String name, int drops, int capturedFromClient, int replayedFromClient, int capturedFromServer,
                                  int replayedFromServer, boolean identicalFromClient, boolean identicalFromServer, int compared, int pshDiffers,
                                  int windowDiffers, Divergence fromClient, Divergence fromServer, List<String> refusedCalls) {
    public ConnectionAgreement {
        refusedCalls = List.copyOf(refusedCalls);
    }


    /** The earlier of the two directions' divergences (where the connection first departs), null when identical. */
    public Divergence first() {
        if (fromClient == null || fromServer == null) return fromClient == null ? fromServer : fromClient;
        return fromServer.timeNanos() < fromClient.timeNanos() ? fromServer : fromClient;
    }

    /** Identical in both directions, PSH and windows too. */
    public boolean identicalStrictly() {
        return identicalFromClient && identicalFromServer && pshDiffers == 0 && windowDiffers == 0;
    }
}
