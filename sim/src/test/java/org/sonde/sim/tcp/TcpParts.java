package org.sonde.sim.tcp;

import java.util.Map;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;

/**
 * The parts of one connection's sender wired as {@link TcpSocket} wires them, without a socket, for unit
 * tests of each part: a {@link Tcb}, a scoreboard, the RTT estimator, the retransmission timer (its firings
 * are counted, not handled), RACK-TLP, the congestion window and control, SACK processing, loss recovery,
 * and the host's stack for the counters. Segments are {@link Tcb#mssCache} = 1000 bytes from sequence 1000.
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
    final CongestionWindow cw;
    final CongestionControl cc;
    final SackTagger tagger;
    final LossRecovery recovery;
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
        tp.maxWindow = 65_535; // what the peer offered: a D-SACK wider than this is dubious
        rtt = new RttEstimator(cfg, tp);
        xt = new XmitTimer(sim, sb, rtt, TcpConfig.LINUX.timerWheel(), () -> timerFirings++);
        rack = new RackTlp(tp, sb, rtt, xt, cfg, stack, sim);
        cw = new CongestionWindow(cfg.initCwnd());
        cc = CongestionControl.create(cfg);
        tagger = new SackTagger(tp, sb, rack, rtt, cw, cc, cfg, stack, sim);
        recovery = new LossRecovery(tp, sb, cw, cc, rack, tagger, cfg, stack, sim);
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
        tp.writeSeq = tp.sndNxt;
    }

    /** An ACK segment acknowledging {@code ack} with SACK blocks given as start, end, start, end, ... (in the order sent). */
    static TcpSegment ackWithSacks(long ack, long... blocks) {
        TcpSegment s = new TcpSegment(0, TcpSegment.optionBytes(false, false, false, false, blocks.length / 2), 0);
        s.flags = org.sonde.packet.TcpHeader.FLAG_ACK;
        s.ack = (int) ack;
        for (int k = 0; k < blocks.length; k += 2) s.addSack((int) blocks[k], (int) blocks[k + 1]);
        return s;
    }

    long counter(TcpCounter c) {
        return stack.counter(c);
    }
}
