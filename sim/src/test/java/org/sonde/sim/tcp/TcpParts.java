package org.sonde.sim.tcp;

import java.util.Map;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;

/**
 * The parts of one connection's sender wired as {@link TcpSocket} wires them, without a socket, for unit
 * tests of each part: a {@link Tcb}, a scoreboard, the RTT estimator, the retransmission timer (its firings
 * are counted, not handled), RACK-TLP, and the host's stack for the counters.
 */
final class TcpParts {
    final TcpConfig cfg;
    final Simulator sim;
    final TcpStack stack;
    final Tcb tp;
    final Scoreboard sb = new Scoreboard();
    final RttEstimator rtt;
    final XmitTimer xt;
    final RackTlp rack;
    int timerFirings;

    TcpParts(Map<String, Object> tcp) {
        cfg = TcpBed.config(tcp);
        Network net = new Network(1);
        sim = net.simulator();
        stack = new TcpStack(net.addHost("h", HostConfig.DEFAULT), cfg);
        tp = new Tcb(cfg.reordering());
        tp.sackOk = true;
        tp.mssCache = 1000;
        tp.iss = 999;
        tp.sndUna = tp.sndNxt = tp.writeSeq = 1000;
        rtt = new RttEstimator(cfg, tp);
        xt = new XmitTimer(sim, sb, rtt, () -> timerFirings++);
        rack = new RackTlp(tp, sb, rtt, xt, cfg, stack, sim);
    }

    TcpParts() {
        this(Map.of());
    }

    /** Sets the clock to {@code nanos} (no earlier than now). */
    void at(long nanos) {
        sim.runUntil(nanos);
    }

    /** One RTT sample of {@code nanos}: SRTT, min RTT and the RTO (srtt + max(2 srtt, rto_min)) follow. */
    void rttSample(long nanos) {
        rtt.rttEstimator(nanos);
        rtt.setRto();
        rtt.updateMinRtt(nanos, sim.now());
    }

    /** Sends {@code n} segments of {@link Tcb#mssCache} bytes now, from snd_nxt on. */
    void send(int n) {
        for (int i = 0; i < n; i++) {
            sb.add(tp.sndNxt, tp.mssCache, false, sim.now(), tp.delivered);
            tp.sndNxt += tp.mssCache;
        }
    }

    long counter(TcpCounter c) {
        return stack.counter(c);
    }
}
