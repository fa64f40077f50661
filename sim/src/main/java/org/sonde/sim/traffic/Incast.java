package org.sonde.sim.traffic;

import java.util.List;
import org.sonde.sim.net.Host;

/**
 * Partition-aggregate incast: every sender sends {@code bytes} to one receiver at the same instant,
 * {@code rounds} times, {@code intervalNanos} apart from {@code startNanos}. Flows are named
 * {@code name/0}, {@code name/1}, ... round by round, senders in list order.
 */
public record Incast(String name, Host receiver, List<Host> senders, long bytes, long startNanos, int rounds,
                     long intervalNanos, int priority) {
    /**
     * @throws IllegalArgumentException if the receiver is among the senders
     */
    public Incast {
        senders = List.copyOf(senders);
        if (senders.contains(receiver)) throw new IllegalArgumentException("incast senders include the receiver " + receiver.name());
    }

    /** Every host of {@code hosts} but the receiver, in order: the senders unless chosen. */
    public static List<Host> everyHostBut(Host receiver, List<Host> hosts) {
        return hosts.stream().filter(h -> h != receiver).toList();
    }

    public void generate(FlowSink sink) {
        int n = 0;
        for (int r = 0; r < rounds; r++) {
            for (Host s : senders) sink.add(name + "/" + n++, s, receiver, bytes, startNanos + r * intervalNanos, priority);
        }
    }
}
