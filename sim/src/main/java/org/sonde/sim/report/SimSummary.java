package org.sonde.sim.report;

import java.util.List;
import org.sonde.sim.net.FrameFate;
import org.sonde.sim.stats.FlowMonitor;
import org.sonde.sim.stats.RunStatistics;

/** The lines {@code sonde sim run} prints: the run, its flows led by their losses, in one time unit, and its packets' fates. */
public final class SimSummary {
    private SimSummary() {}

    /** {@code 1,494 packets dropped at ports, 1,495 retransmissions}. */
    public static String losses(RunStatistics s) {
        return String.format("%,d packets dropped at ports, %,d retransmissions", s.drops(), s.retransmissions());
    }

    /** The summary of run {@code s} with {@code seed}, which took {@code wallSeconds}. */
    public static List<String> lines(RunStatistics s, long seed, double wallSeconds) {
        TimeScale run = TimeScale.forSpan(s.simulatedNanos());
        String first = String.format("%s (seed %d): %s %s simulated, %,d events in %.2f s (%,.0f events/s)", s.scenario(), seed,
                run.text(s.simulatedNanos()), run.label(), s.events(), wallSeconds, s.events() / wallSeconds);
        long[] fct = s.completionTimes();
        String flows = String.format("  flows: %d finished, %d unfinished; %s", fct.length, s.unfinished(), losses(s));
        if (fct.length > 0) {
            TimeScale u = TimeScale.forSpan(fct[fct.length - 1]);
            flows += String.format("; FCT p50 %s, p99 %s, max %s %s", u.text(RunStatistics.percentile(fct, 0.5)),
                    u.text(RunStatistics.percentile(fct, 0.99)), u.text(fct[fct.length - 1]), u.label());
        }
        List<FlowMonitor.Flow> monitored = s.monitored();
        if (monitored.isEmpty()) return List.of(first, flows);
        return List.of(first, flows, packets(monitored));
    }

    /** {@code packets: 9,120 sent, 8,960 delivered, 160 lost (160 buffer), 0 in flight at the end; worst flow h3:47473 > h0:5001 lost 19 of 105}. */
    static String packets(List<FlowMonitor.Flow> monitored) {
        long tx = 0, rx = 0, lost = 0, flying = 0;
        java.util.Map<FrameFate.Drop, Long> why = new java.util.EnumMap<>(FrameFate.Drop.class);
        FlowMonitor.Flow worst = null;
        for (FlowMonitor.Flow f : monitored) {
            tx += f.txPackets();
            rx += f.rxPackets();
            lost += f.lostPackets();
            flying += f.inFlightAtEnd();
            f.lost().forEach((k, v) -> why.merge(k, v, Long::sum));
            if (f.lostPackets() > 0 && (worst == null || f.lostPackets() * worst.txPackets() > worst.lostPackets() * f.txPackets())) worst = f;
        }
        String line = String.format("  packets: %,d sent, %,d delivered, %,d lost", tx, rx, lost);
        if (!why.isEmpty()) {
            line += " (" + String.join(", ", why.entrySet().stream()
                    .map(e -> String.format("%,d %s", e.getValue(), e.getKey().name().toLowerCase(java.util.Locale.ROOT))).toList()) + ")";
        }
        line += String.format(", %,d in flight at the end", flying);
        if (worst != null) {
            line += String.format("; most lost: %s:%d > %s:%d, %,d of %,d", worst.source(), worst.key().sourcePort(), worst.destination(),
                    worst.key().destinationPort(), worst.lostPackets(), worst.txPackets());
        }
        return line;
    }
}
