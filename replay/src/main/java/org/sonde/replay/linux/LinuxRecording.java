package org.sonde.replay.linux;

import java.util.List;
import java.util.Map;

/**
 * A recording of real connections between two network namespaces: the kernel's release, the TCP sysctls of the
 * client's and the server's namespaces (the replay configures the model from them), the offset that turns the
 * recorder's monotonic times into the capture's wall-clock ones, the kernel's timer tick (null when the recorder could
 * not tell it), and every connection.
 */
record LinuxRecording(String kernel, Map<String, String> clientSysctls, Map<String, String> serverSysctls,
                             long realtimeMinusMonotonicNanos, KernelTimerTick timerTick, List<RecordedConnection> connections) {
    public LinuxRecording {
        clientSysctls = Map.copyOf(clientSysctls);
        serverSysctls = Map.copyOf(serverSysctls);
        connections = List.copyOf(connections);
    }
}
