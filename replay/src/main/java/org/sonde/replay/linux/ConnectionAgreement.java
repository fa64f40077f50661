package org.sonde.replay.linux;

/**
 * One connection's agreement: packets in the capture and in the replay per direction, whether each direction's
 * sequence of {@code seq ack flags len} is identical (and with the window field too), how many packets were
 * compared for send time (the common prefix), and the first divergence per direction (null when identical).
 */
public record ConnectionAgreement(int id, String name, int drops, int capturedFromClient, int replayedFromClient, int capturedFromServer,
                                  int replayedFromServer, boolean identicalFromClient, boolean identicalFromServer, boolean windowsIdentical,
                                  int comparedForTime, Divergence fromClient, Divergence fromServer) {}
