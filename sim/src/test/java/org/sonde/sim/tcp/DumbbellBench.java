package org.sonde.sim.tcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sonde.core.config.ConfigMap;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;
import org.sonde.sim.traffic.Flow;
import org.sonde.sim.traffic.FlowProgress;

/**
 * The speed check: a dumbbell of {@code n} long flows (default 8, CUBIC) over a 10 Gb/s bottleneck with
 * 100 µs RTT, one simulated second; prints events, wall time and events per second.
 * {@code java -cp ... org.sonde.sim.tcp.DumbbellBench [flows] [cc] [seconds]}
 */
public final class DumbbellBench {
    private DumbbellBench() {
    }

    record Outcome(long events, double wallSeconds, long[] deliveredBytes, long allocatedBytes, long segments) {
    }

    static Outcome run(int flows, String cc, double seconds) {
        Network net = new Network(1);
        Switch left = net.addSwitch("left", SwitchConfig.DEFAULT);
        Switch right = net.addSwitch("right", SwitchConfig.DEFAULT);
        long rate = 10_000_000_000L;
        long delay = 100_000 / 6; // three links each way
        net.connect(left, right, rate, delay);
        List<Host> senders = new ArrayList<>();
        List<Host> receivers = new ArrayList<>();
        for (int i = 0; i < flows; i++) {
            Host s = net.addHost("s" + i, HostConfig.DEFAULT);
            Host r = net.addHost("r" + i, HostConfig.DEFAULT);
            net.connect(s, left, rate, delay);
            net.connect(r, right, rate, delay);
            senders.add(s);
            receivers.add(r);
        }
        net.computeRoutes();
        TcpFlowTransport tcp = new TcpFlowTransport(net, TcpConfig.parse(ConfigMap.of("tcp", Map.of("congestion-control", cc))));
        List<FlowProgress> progress = new ArrayList<>();
        for (int i = 0; i < flows; i++) {
            Flow f = new Flow(i, "f" + i, senders.get(i), receivers.get(i), 1L << 40, i * 1_000L, 0);
            net.simulator().at(f.startNanos(), () -> progress.add(tcp.start(f, (flow, at) -> { })));
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long a0 = mx.getCurrentThreadAllocatedBytes();
        long t0 = System.nanoTime();
        net.simulator().runUntil((long) (seconds * 1e9));
        double wall = (System.nanoTime() - t0) / 1e9;
        long allocated = mx.getCurrentThreadAllocatedBytes() - a0;
        long segments = 0;
        for (Host h : senders) segments += tcp.stack(h).counter(TcpCounter.TcpOutSegs);
        for (Host h : receivers) segments += tcp.stack(h).counter(TcpCounter.TcpOutSegs);
        if (Boolean.getBoolean("bench.debug")) {
            System.out.println(tcp.stack(senders.get(0)).counters());
            System.out.println("drops " + left.ports().get(0).counters().drops + " maxq " + left.ports().get(0).counters().maxQueueBytes);
        }
        return new Outcome(net.simulator().executedEvents(), wall, progress.stream().mapToLong(FlowProgress::deliveredBytes).toArray(),
                allocated, segments);
    }

    public static void main(String[] args) {
        int flows = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        String cc = args.length > 1 ? args[1] : "cubic";
        double seconds = args.length > 2 ? Double.parseDouble(args[2]) : 1.0;
        run(flows, cc, 0.05); // warm-up
        Outcome o = run(flows, cc, seconds);
        long total = 0;
        for (long d : o.deliveredBytes()) total += d;
        System.out.printf(Locale.ROOT, "%d %s flows, %.2f s simulated: %d events in %.2f s wall = %.2f M events/s; goodput %.2f Gb/s; per flow Gb/s:",
                flows, cc, seconds, o.events(), o.wallSeconds(), o.events() / o.wallSeconds() / 1e6, total * 8 / seconds / 1e9);
        for (long d : o.deliveredBytes()) System.out.printf(Locale.ROOT, " %.2f", d * 8 / seconds / 1e9);
        System.out.printf(Locale.ROOT, "%n%d segments, %.0f bytes allocated per segment sent (a TcpSegment object with its four SACK longs is about 150)%n",
                o.segments(), (double) o.allocatedBytes() / o.segments());
    }
}
