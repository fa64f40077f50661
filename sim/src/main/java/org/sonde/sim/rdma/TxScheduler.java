package org.sonde.sim.rdma;

import java.util.ArrayList;
import org.sonde.sim.kernel.Handler;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.kernel.Timer;
import org.sonde.sim.net.Frame;
import org.sonde.sim.net.Port;

/**
 * The NIC's transmit scheduler: round robin among QPs with data, each paced at its DCQCN rate, one
 * packet at a time into the port's queue of the QP's traffic class, and only while that queue is
 * empty. The port queue therefore never holds more than one data packet per class behind the one
 * on the wire, which is how a NIC's doorbell-driven scheduler behaves, and PFC pauses stop the NIC
 * at once: a paused class keeps its one packet queued, so its QPs simply wait.
 *
 * <p>With a non-work-conserving profile each class is also held to its ETS share of the link even
 * when the other classes are idle.
 */
final class TxScheduler {
    private static final Handler<TxScheduler> PUMP = TxScheduler::pump;

    private final Simulator sim;
    private final Port port;
    private final RdmaNic nic;
    private final ArrayList<QueuePair> active = new ArrayList<>();
    private final Timer wake;
    private final double[] classShare;
    private final long[] classNext = new long[Frame.PRIORITIES];
    private int cursor;
    private boolean pumpQueued;

    TxScheduler(RdmaNic nic, Port port, NicProfile.Scheduler quirks) {
        this.nic = nic;
        this.sim = nic.simulator();
        this.port = port;
        this.wake = new Timer(sim, this::schedulePump);
        if (quirks.workConserving()) {
            classShare = null;
        } else {
            int[] w = quirks.etsWeights();
            long sum = 0;
            for (int x : w) sum += x;
            classShare = new double[Frame.PRIORITIES];
            for (int p = 0; p < Frame.PRIORITIES; p++) classShare[p] = (double) w[p] / sum;
        }
        // the port calls back while it is between frames: pump from a fresh event, not re-entrantly
        port.onDequeue(this::schedulePump);
    }

    void activate(QueuePair qp) {
        if (!qp.scheduled) {
            qp.scheduled = true;
            active.add(qp);
        }
        schedulePump();
    }

    private void schedulePump() {
        if (pumpQueued) return;
        pumpQueued = true;
        sim.after(0, PUMP, this);
    }

    private void pump() {
        pumpQueued = false;
        long now = sim.now();
        long earliest = Long.MAX_VALUE;
        int n = active.size();
        int next = cursor;
        for (int visited = 0, i = cursor; visited < n && !active.isEmpty(); visited++) {
            if (i >= active.size()) i = 0;
            QueuePair qp = active.get(i);
            long t = qp.readyAt(now);
            if (t == Long.MAX_VALUE) {
                qp.scheduled = false;
                active.remove(i);
                if (next > i) next--;
                continue;
            }
            int prio = qp.priority;
            boolean shaped = classShare != null && classShare[prio] > 0; // weight 0: not an ETS class, not shaped
            if (shaped) t = Math.max(t, classNext[prio]);
            if (t > now) {
                earliest = Math.min(earliest, t);
            } else if (port.queuedBytes(prio) == 0) {
                RoceFrame f = qp.poll(now);
                if (f != null) {
                    qp.sent(f, now);
                    if (shaped) classNext[prio] = now + wireNanos(f.bytes, port.rateBps() * classShare[prio]);
                    nic.send(f);
                    qp.responder.responsesQueued();
                    next = i + 1;
                }
            }
            i++;
        }
        cursor = active.isEmpty() ? 0 : next % active.size();
        if (earliest != Long.MAX_VALUE) wake.arm(earliest);
    }

    static long wireNanos(int bytes, double rateBps) {
        return (long) Math.ceil((bytes + Frame.WIRE_OVERHEAD) * 8e9 / rateBps);
    }
}
