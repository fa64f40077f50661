package org.sonde.replay.recording;

import java.util.List;
import org.sonde.sim.tcp.TcpConfig;

/**
 * A run's recording: the TCP configuration every host used, the send-time threshold of the sampler, the
 * instant of simulated time 0, when the run stopped (the replay stops there too), the call patterns and every
 * connection's log.
 */
public record Recording(String scenario, long seed, long thresholdNanos, long epochNanos, long endNanos, TcpConfig config,
                        List<CallPattern> patterns, List<ConnectionLog> connections) {

    public ConnectionLog connection(int id) {
        if (id < 0 || id >= connections.size() || connections.get(id).id() != id) {
            for (ConnectionLog c : connections) if (c.id() == id) return c;
            return null;
        }
        return connections.get(id);
    }
}
