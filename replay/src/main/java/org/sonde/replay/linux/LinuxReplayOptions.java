package org.sonde.replay.linux;

/**
 * What {@code sonde replay linux} runs: {@code connections} request/response connections between two namespaces,
 * {@code parallel} at a time, each direction's data and ACK segments (not SYNs) dropped with probability
 * {@code loss} by nftables rules, request and response sizes drawn from {@code seed}.
 */
public record LinuxReplayOptions(int connections, int parallel, double loss, long seed) {
    public LinuxReplayOptions {
        if (connections < 1) throw new IllegalArgumentException("at least one connection, got " + connections);
        if (parallel < 1) throw new IllegalArgumentException("at least one connection at a time, got " + parallel);
        if (!(loss >= 0 && loss < 1)) throw new IllegalArgumentException("a loss share in [0, 1), got " + loss);
    }
}
