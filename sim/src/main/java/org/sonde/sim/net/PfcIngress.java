package org.sonde.sim.net;

import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.kernel.Timer;

/**
 * The receiving side of PFC for one node: bytes held per ingress port and priority, and the PAUSE /
 * XON frames sent upstream as they cross the thresholds. Switches count frames from arrival until
 * they leave; a NIC counts them until its receive pipeline takes them.
 */
public final class PfcIngress {
    private final Simulator sim;
    private final PfcThresholds thresholds;
    private final Port[] ports;
    private final long[][] held;
    private final boolean[][] pausing;
    private final Timer[][] refresh;

    public PfcIngress(Simulator sim, PfcThresholds thresholds, Port[] ports) {
        this.sim = sim;
        this.thresholds = thresholds;
        this.ports = ports.clone();
        int n = ports.length;
        held = new long[n][Frame.PRIORITIES];
        pausing = new boolean[n][Frame.PRIORITIES];
        refresh = new Timer[n][Frame.PRIORITIES];
    }

    boolean enabled(int priority) {
        return thresholds.enabled(priority);
    }

    public long held(int port, int priority) {
        return held[port][priority];
    }

    /** A lossless frame is held for {@code port}. */
    public void add(int port, int priority, int bytes) {
        long h = held[port][priority] += bytes;
        if (h > thresholds.xoffBytes() && !pausing[port][priority]) {
            pausing[port][priority] = true;
            pause(port, priority);
        }
    }

    /** A held frame has left. */
    public void remove(int port, int priority, int bytes) {
        long h = held[port][priority] -= bytes;
        if (h <= thresholds.xonBytes() && pausing[port][priority]) {
            pausing[port][priority] = false;
            send(port, priority, 0);
            Timer t = refresh[port][priority];
            if (t != null) t.cancel();
        }
    }

    private void pause(int port, int priority) {
        send(port, priority, thresholds.quanta());
        Timer t = refresh[port][priority];
        if (t == null) {
            t = refresh[port][priority] = new Timer(sim, () -> {
                if (pausing[port][priority]) pause(port, priority);
            });
        }
        t.armAfter(Math.max(1, ports[port].quantaNanos(thresholds.quanta()) / 2));
    }

    private void send(int port, int priority, int quanta) {
        Port p = ports[port];
        PauseFrame f = PauseFrame.of(p.mac(), priority, quanta);
        p.countPauseSent(f);
        p.sendControl(f);
    }
}
