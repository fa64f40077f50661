package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.core.config.ConfigMap;
import org.sonde.sim.net.EcnMarking;
import org.sonde.sim.net.Host;
import org.sonde.sim.net.HostConfig;
import org.sonde.sim.net.Network;
import org.sonde.sim.net.PfcThresholds;
import org.sonde.sim.net.Scheduling;
import org.sonde.sim.net.Switch;
import org.sonde.sim.net.SwitchConfig;

class CongestionControlTest {
    private static final long MS = 1_000_000L;

    @Test
    void cubicFollowsTheCubicFunctionAfterALoss() {
        // W(t) = C (t - K)^3 + Wmax with C = 0.4, β = 0.7, K = cbrt(Wmax (1 - β) / C), RTT 100 ms so that
        // the cubic function (not the Reno-friendly estimate) governs
        Cubic cubic = new Cubic(true);
        CongestionWindow w = new CongestionWindow(100);
        w.ssthresh = 100;
        w.cwndLimited = true;
        w.ssthresh = cubic.ssthresh(w); // a loss at 100 segments
        assertThat(w.ssthresh).isEqualTo(70); // 100 × 717 / 1024
        w.cwnd = w.ssthresh;
        double wmax = 100;
        double k = Math.cbrt(wmax * (1 - 717.0 / 1024) / 0.4);
        long rtt = 100 * MS;
        long start = 1_000 * MS;
        long t = start;
        for (int round = 0; round < 80; round++) {
            int acks = w.cwnd;
            for (int i = 0; i < acks; i++) cubic.congAvoid(w, 1, t + i * rtt / acks);
            t += rtt;
            double elapsed = (t - start) / 1e9;
            double target = 0.4 * Math.pow(elapsed - k, 3) + wmax;
            // the window trails the curve by at most one RTT's growth
            double prev = 0.4 * Math.pow(elapsed - 0.1 - k, 3) + wmax;
            assertThat((double) w.cwnd).as("cwnd after %.1f s", elapsed)
                    .isBetween(Math.min(prev, target) - 2, Math.max(prev, target) + 2);
        }
        assertThat(k).isCloseTo(4.22, within(0.01));
    }

    @Test
    void cubicIsTcpFriendlyAtShortRtts() {
        // at 1 ms RTT the Reno-friendly estimate W = Wmax β + 3 (1 - β) / (1 + β) t / RTT outgrows the cubic
        Cubic cubic = new Cubic(true);
        CongestionWindow w = new CongestionWindow(100);
        w.cwndLimited = true;
        w.ssthresh = cubic.ssthresh(w);
        w.cwnd = w.ssthresh;
        long t = 1_000 * MS;
        for (int round = 0; round < 500; round++) {
            int acks = w.cwnd;
            for (int i = 0; i < acks; i++) cubic.congAvoid(w, 1, t + i * MS / acks);
            t += MS;
        }
        double reno = 70 + 3 * (1 - 0.7) / (1 + 0.7) * 500;
        double cubicOnly = 0.4 * Math.pow(0.5 - Math.cbrt(75), 3) + 100;
        assertThat((double) w.cwnd).isCloseTo(reno, within(reno * 0.05)).isGreaterThan(cubicOnly);
    }

    @Test
    void dctcpAlphaIsAnEwmaOfTheMarkedFractionWithGainOneSixteenth() {
        Dctcp d = new Dctcp(4, 1024);
        CongestionWindow w = new CongestionWindow(10);
        long delivered = 0;
        long ce = 0;
        long una = 0;
        double expected = 1024;
        for (int window = 0; window < 200; window++) {
            delivered += 100;
            ce += 25; // a quarter of the packets marked
            una += 100;
            d.inAckEvent(w, una, una + 100, delivered, ce, 0);
            expected = expected * 15 / 16 + 1024 * 0.25 / 16;
        }
        assertThat(d.alpha()).isCloseTo((int) Math.round(expected), within(16));
        assertThat(d.alpha()).isCloseTo(256, within(16));
        // on ECN the window shrinks by α/2: cwnd × (1 - α/2048·1024)
        w.cwnd = 100;
        assertThat(d.ssthresh(w)).isEqualTo(100 - (100 * d.alpha() >> 11));
    }

    @Test
    void dctcpAlphaConvergesBehindAMarkingSwitch() {
        // two DCTCP senders into one receiver at 10 Gb/s, marking above K = 100 KB (about 65 packets)
        TcpConfig cfg = TcpConfig.parse(ConfigMap.of("tcp", Map.of("congestion-control", "dctcp", "rto-min", "5ms")));
        Network net = new Network(7);
        Host s1 = net.addHost("s1", HostConfig.DEFAULT);
        Host s2 = net.addHost("s2", HostConfig.DEFAULT);
        Host r = net.addHost("r", HostConfig.DEFAULT);
        Switch sw = net.addSwitch("sw", new SwitchConfig(12_000_000, 1.0, EcnMarking.threshold(0xFF, 100_000), PfcThresholds.OFF, Scheduling.EQUAL));
        long rate = 10_000_000_000L;
        net.connect(s1, sw, rate, 5_000);
        net.connect(s2, sw, rate, 5_000);
        net.connect(r, sw, rate, 5_000);
        net.computeRoutes();
        TcpStack a = new TcpStack(s1, cfg);
        TcpStack b = new TcpStack(s2, cfg);
        TcpStack c = new TcpStack(r, cfg);
        c.listen(80, TcpSocket::readAll);
        List<TcpSocket> senders = new ArrayList<>();
        for (TcpStack st : List.of(a, b)) {
            senders.add(st.connect(r, 80, 0, new TcpSocket.Listener() {
                @Override
                public void connected(TcpSocket s) {
                    s.send(1_000_000_000L);
                }
            }));
        }
        List<int[]> alphas = new ArrayList<>();
        for (long t = 10; t <= 60; t += 10) {
            net.simulator().runUntil(t * MS);
            alphas.add(senders.stream().mapToInt(s -> ((Dctcp) s.congestionControl()).alpha()).toArray());
        }
        for (TcpSocket s : senders) {
            assertThat(s.ecnNegotiated()).isTrue();
            int alpha = ((Dctcp) s.congestionControl()).alpha();
            // from 1024 at start to a small steady fraction: with two flows and K ≈ 65 packets, well under 0.5
            assertThat(alpha).isBetween(5, 400);
        }
        // stable over the last 20 ms (within an absolute 0.1 of each other)
        int[] late = alphas.get(alphas.size() - 1);
        int[] earlier = alphas.get(alphas.size() - 3);
        for (int i = 0; i < 2; i++) assertThat(Math.abs(late[i] - earlier[i])).isLessThan(110);
        org.sonde.sim.net.Port toReceiver = sw.ports().get(2);
        assertThat(toReceiver.counters().ecnMarked).isPositive();
        assertThat(toReceiver.counters().drops).isZero();
        // the queue stays near K instead of filling the buffer as loss-based control would
        assertThat(toReceiver.counters().maxQueueBytes).isLessThan(400_000);
        long delivered = senders.stream().mapToLong(TcpSocket::bytesAcked).sum();
        assertThat(delivered * 8.0 / 0.06).isGreaterThan(0.9 * rate); // near line rate
        assertThat(c.counter(TcpCounter.TcpExtTCPDeliveredCE)).isZero(); // the receiver sends no data
        assertThat(a.counter(TcpCounter.TcpExtTCPDeliveredCE)).isPositive();
    }
}
