package org.sonde.sim.traffic;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.sonde.sim.net.Host;

/**
 * Open-loop flows with Poisson arrivals, as data-center workload studies generate them: each host
 * starts flows to uniformly chosen other hosts of the list, with sizes drawn from {@code sizes}, at the
 * rate that loads its NIC to {@code load} on average, from {@code startNanos} until {@code endNanos}.
 * With a {@code fanIn} above one each arrival is a request to that many distinct other hosts, which all
 * answer the requesting host at once (partition-aggregate at Poisson times, DETER §5.2's incast: "the
 * client simultaneously requests 10 random servers"), and the answers load the requester's link to
 * {@code load}. Flows are named {@code name/0}, {@code name/1}, ... in start order.
 */
public record PoissonFlows(String name, List<Host> hosts, FlowSizes sizes, double load, long startNanos, long endNanos,
                           int priority, int fanIn) {
    /**
     * @throws IllegalArgumentException with fewer than two hosts, a load outside (0, 1], or a fan-in outside
     *                                  [1, hosts - 1]
     */
    public PoissonFlows {
        hosts = List.copyOf(hosts);
        if (hosts.size() < 2) throw new IllegalArgumentException("Poisson traffic needs at least two hosts, got " + hosts.size());
        if (!(load > 0 && load <= 1)) throw new IllegalArgumentException("Poisson traffic's load must be within (0, 1], got " + load);
        if (fanIn < 1 || fanIn > hosts.size() - 1) {
            throw new IllegalArgumentException("Poisson traffic's fan-in must be within 1.." + (hosts.size() - 1)
                    + " (the other hosts), got " + fanIn);
        }
    }

    /** One flow per arrival, from the arriving host to another. */
    public PoissonFlows(String name, List<Host> hosts, FlowSizes sizes, double load, long startNanos, long endNanos, int priority) {
        this(name, hosts, sizes, load, startNanos, endNanos, priority, 1);
    }

    /**
     * Draws every arrival from {@code random} (host by host: gap, then the peer and size, or with a fan-in the
     * answering hosts and their sizes), then adds them in start order.
     */
    public void generate(SplittableRandom random, FlowSink sink) {
        record Arrival(long at, Host from, Host to, long size) {}
        List<Arrival> arrivals = new ArrayList<>();
        for (Host h : hosts) {
            double meanGapNanos = fanIn * sizes.mean() * 8 / (load * h.nic().rateBps()) * 1e9;
            List<Host> others = hosts.stream().filter(o -> o != h).toList();
            double t = startNanos;
            while (true) {
                t += -meanGapNanos * Math.log(1 - random.nextDouble());
                if (t >= endNanos) break;
                if (fanIn == 1) {
                    Host d = hosts.get(random.nextInt(hosts.size() - 1)); // one of the others, uniformly:
                    if (d == h) d = hosts.getLast();                       // the last host stands in for h itself
                    arrivals.add(new Arrival((long) t, h, d, sizes.sample(random)));
                } else {
                    List<Host> pool = new ArrayList<>(others);
                    for (int i = 0; i < fanIn; i++) { // a partial shuffle: fanIn distinct answering hosts
                        Host server = pool.set(i + random.nextInt(pool.size() - i), pool.get(i));
                        pool.set(i, server);
                        arrivals.add(new Arrival((long) t, server, h, sizes.sample(random)));
                    }
                }
            }
        }
        arrivals.sort((a, b) -> Long.compare(a.at, b.at)); // stable: equal times keep host order
        int n = 0;
        for (Arrival a : arrivals) sink.add(name + "/" + n++, a.from, a.to, a.size, a.at, priority);
    }
}
