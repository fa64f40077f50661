package org.sonde.inject.tcp;

import java.util.List;
import java.util.Map;

/**
 * What a TCP test did on its target: the trace, how each connection went, and the counters
 * the integrity check compares with the trace.
 *
 * @param target            what the test ran on ({@code linux}, {@code sim-tcp})
 * @param kernel            the hosts' kernel release (for the model: what it models)
 * @param clientCounters    the client's nstat counters over the test (TcpOutSegs, TcpExtTCPLossProbes, ...)
 * @param serverCounters    the server's
 * @param queueDropped      packets the kernel dropped because the queue was full, or the injector's socket overran
 * @param processingNanos   per packet the injector let pass, its time in the injector process (a batched verdict's wait included), in arrival order
 * @param addedNanos        per such packet, the delay the injector added: from the middle box's kernel receiving it to the verdict
 * @param notes             what the target could not do as the test says (e.g. settings a model ignores); empty on Linux
 * @param clientStates      the client's TCP state of each connection over time, from the kernel's tcp_info; empty where not sampled
 */
public record TcpRun(TcpTestConfig test, String target, String kernel, TcpTrace trace, List<TcpConnectionResult> connections,
                     Map<String, Long> clientCounters, Map<String, Long> serverCounters, long queueDropped, long[] processingNanos,
                     long[] addedNanos, List<String> notes, List<TcpStateSample> clientStates) {
    public TcpRun {
        notes = List.copyOf(notes);
        clientStates = List.copyOf(clientStates);
        connections = List.copyOf(connections);
        clientCounters = Map.copyOf(clientCounters);
        serverCounters = Map.copyOf(serverCounters);
    }

    public TcpRun(TcpTestConfig test, String target, String kernel, TcpTrace trace, List<TcpConnectionResult> connections,
                  Map<String, Long> clientCounters, Map<String, Long> serverCounters, long queueDropped, long[] processingNanos,
                  long[] addedNanos) {
        this(test, target, kernel, trace, connections, clientCounters, serverCounters, queueDropped, processingNanos, addedNanos, List.of(), List.of());
    }

    public TcpRun(TcpTestConfig test, String target, String kernel, TcpTrace trace, List<TcpConnectionResult> connections,
                  Map<String, Long> clientCounters, Map<String, Long> serverCounters, long queueDropped, long[] processingNanos,
                  long[] addedNanos, List<String> notes) {
        this(test, target, kernel, trace, connections, clientCounters, serverCounters, queueDropped, processingNanos, addedNanos, notes, List.of());
    }

    /** Every connection delivered its bytes intact. */
    public boolean complete() {
        return connections.stream().allMatch(TcpConnectionResult::complete);
    }
}
