package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.packet.TcpHeader.FLAG_ACK;
import static org.sonde.packet.TcpHeader.FLAG_FIN;
import static org.sonde.packet.TcpHeader.FLAG_RST;
import static org.sonde.packet.TcpHeader.FLAG_SYN;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sonde.packet.TcpOption;

class TcpConnectionTest {
    private static final long MS = 1_000_000L;

    @Test
    void handshakeNegotiatesLinuxOptionsThenDataAndFinsFlow() {
        TcpBed bed = new TcpBed(Map.of());
        List<String> events = new ArrayList<>();
        List<TcpSocket> accepted = bed.listenReadAll(new TcpSocket.Listener() {
            @Override
            public void peerClosed(TcpSocket s) {
                events.add("b:eof@" + s.bytesRead());
                s.close();
            }

            @Override
            public void closed(TcpSocket s, boolean reset) {
                events.add("b:closed reset=" + reset);
            }
        });
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                events.add("a:connected");
                s.send(100_000);
                s.close();
            }

            @Override
            public void closed(TcpSocket s, boolean reset) {
                events.add("a:closed reset=" + reset);
            }
        });
        bed.sim.run();

        List<TcpBed.Seen> t = bed.trace;
        TcpSegment syn = t.get(0).segment();
        TcpSegment synAck = t.get(1).segment();
        TcpSegment ack = t.get(2).segment();
        assertThat(syn.flags).isEqualTo(FLAG_SYN);
        assertThat(synAck.flags).isEqualTo(FLAG_SYN | FLAG_ACK);
        assertThat(ack.flags).isEqualTo(FLAG_ACK);
        // Linux's SYN: mss 1460, sackOK, TS val/ecr 0, nop, wscale 7 (for a 6 MiB receive buffer)
        assertThat(syn.options()).extracting(o -> o.getClass().getSimpleName())
                .containsExactly("MaximumSegmentSize", "SackPermitted", "Timestamps", "NoOperation", "WindowScale");
        assertThat(syn.options().get(0)).isEqualTo(new TcpOption.MaximumSegmentSize(1460));
        assertThat(syn.options().get(4)).isEqualTo(new TcpOption.WindowScale(7));
        assertThat(syn.tsEcr).isZero();
        assertThat(synAck.ack).isEqualTo(syn.seq + 1);
        assertThat(synAck.tsEcr).isEqualTo(syn.tsVal);
        assertThat(ack.ack).isEqualTo(synAck.seq + 1);
        assertThat(syn.bytes).isEqualTo(14 + 20 + 20 + 20);

        // full segments carry mss - 12 (timestamps) = 1448 bytes
        assertThat(bed.dataFromA()).allSatisfy(s -> assertThat(s.segment().payloadBytes).isLessThanOrEqualTo(1448));
        assertThat(bed.dataFromA().getFirst().segment().payloadBytes).isEqualTo(1448);
        assertThat(bed.dataFromA().getFirst().segment().bytes).isEqualTo(14 + 20 + 32 + 1448);
        assertThat(a.bytesAcked()).isEqualTo(100_000);
        assertThat(accepted).hasSize(1);
        assertThat(accepted.getFirst().bytesRead()).isEqualTo(100_000);
        // the FIN rides on the last data segment; B's FIN follows its application's close
        TcpSegment last = bed.dataFromA().getLast().segment();
        assertThat(last.has(FLAG_FIN)).isTrue();
        assertThat(bed.fromB().stream().filter(s -> s.segment().has(FLAG_FIN)).count()).isEqualTo(1);
        assertThat(events).containsExactly("a:connected", "b:eof@100000", "a:closed reset=false", "b:closed reset=false");
        assertThat(a.state()).isEqualTo(TcpSocket.State.CLOSED); // after TIME_WAIT
        assertThat(accepted.getFirst().state()).isEqualTo(TcpSocket.State.CLOSED);
        assertThat(bed.sa.counter(TcpCounter.TcpActiveOpens)).isEqualTo(1);
        assertThat(bed.sb.counter(TcpCounter.TcpPassiveOpens)).isEqualTo(1);
        assertThat(bed.sa.counter(TcpCounter.TcpExtTW)).isEqualTo(1);
        assertThat(bed.sa.counter(TcpCounter.TcpRetransSegs)).isZero();
        assertThat(bed.sim.now()).isGreaterThanOrEqualTo(60_000 * MS); // TIME_WAIT lasts 60 s
    }

    @Test
    void sequenceNumbersWrapAroundTwoToThe32() {
        // find a seed whose ISN lies within 100 kB of the wrap, so the transfer crosses it
        for (long seed = 1; seed < 200_000; seed++) {
            TcpBed probe = new TcpBed(TcpBed.config(Map.of()), org.sonde.sim.net.HostConfig.DEFAULT, seed);
            probe.listenReadAll(new TcpSocket.Listener() {
            });
            probe.connect(new TcpSocket.Listener() {
            });
            probe.sim.runUntil(1);
            long iss = probe.issA();
            if (iss > 0xFFFF_FFFFL - 100_000) {
                TcpBed bed = new TcpBed(TcpBed.config(Map.of()), org.sonde.sim.net.HostConfig.DEFAULT, seed);
                List<TcpSocket> acc = bed.listenReadAll(new TcpSocket.Listener() {
                });
                TcpSocket a = bed.connect(new TcpSocket.Listener() {
                    @Override
                    public void connected(TcpSocket s) {
                        s.send(500_000);
                    }
                });
                bed.dropFromA(s -> s.payloadBytes > 0 && bed.relSeq(s) == 1 + 1448L * 40 && !s.retransmission);
                bed.sim.runUntil(2_000 * MS);
                assertThat(acc.getFirst().bytesRead()).isEqualTo(500_000);
                assertThat(a.bytesAcked()).isEqualTo(500_000);
                assertThat(bed.sa.counter(TcpCounter.TcpExtTCPFastRetrans)).isEqualTo(1);
                return;
            }
        }
        throw new AssertionError("no seed with an ISN near the wrap");
    }

    /** A listener that records in {@code reset[0]} whether the connection ended by a reset. */
    private static TcpSocket.Listener resetInto(boolean[] reset) {
        return new TcpSocket.Listener() {
            @Override
            public void closed(TcpSocket s, boolean r) {
                reset[0] = r;
            }
        };
    }

    @Test
    void connectingToAClosedPortIsRefusedByARst() {
        TcpBed bed = new TcpBed(Map.of());
        boolean[] reset = {false};
        TcpSocket a = bed.connect(resetInto(reset));
        bed.sim.run();
        assertThat(bed.trace).hasSize(2);
        TcpSegment rst = bed.trace.get(1).segment();
        assertThat(rst.flags).isEqualTo(FLAG_RST | FLAG_ACK);
        assertThat(rst.ack).isEqualTo(bed.trace.get(0).segment().seq + 1);
        assertThat(reset[0]).isTrue();
        assertThat(a.state()).isEqualTo(TcpSocket.State.CLOSED);
        assertThat(bed.sa.counter(TcpCounter.TcpAttemptFails)).isEqualTo(1);
        assertThat(bed.sb.counter(TcpCounter.TcpOutRsts)).isEqualTo(1);
    }

    @Test
    void lostSynsAreRetransmittedAfterOneThenTwoSeconds() {
        TcpBed bed = new TcpBed(Map.of());
        bed.listenReadAll(new TcpSocket.Listener() {
        });
        int[] dropped = {0};
        bed.dropFromA(s -> s.has(FLAG_SYN) && dropped[0]++ < 2);
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
        });
        bed.sim.runUntil(10_000 * MS);
        List<Long> synTimes = bed.fromA().stream().filter(s -> s.segment().has(FLAG_SYN)).map(TcpBed.Seen::at).toList();
        assertThat(synTimes).containsExactly(0L, 1_000 * MS, 3_000 * MS);
        assertThat(a.state()).isEqualTo(TcpSocket.State.ESTABLISHED);
        assertThat(a.cwnd()).isEqualTo(1); // two SYN retransmissions: RFC 6298 (5.7)
        assertThat(bed.sa.counter(TcpCounter.TcpExtTCPSynRetrans)).isEqualTo(2);
    }

    @Test
    void synsGiveUpAfterSynRetries() {
        TcpBed bed = new TcpBed(Map.of("syn-retries", 2));
        bed.dropFromA(s -> true);
        boolean[] reset = {false};
        TcpSocket a = bed.connect(resetInto(reset));
        bed.sim.run();
        assertThat(bed.fromA()).extracting(TcpBed.Seen::at).containsExactly(0L, 1_000 * MS, 3_000 * MS);
        assertThat(bed.sim.now()).isEqualTo(7_000 * MS);
        assertThat(reset[0]).isTrue();
        assertThat(a.state()).isEqualTo(TcpSocket.State.CLOSED);
    }

    @Test
    void abortSendsRstAndThePeerSeesTheReset() {
        TcpBed bed = new TcpBed(Map.of());
        boolean[] peerReset = {false};
        bed.listenReadAll(new TcpSocket.Listener() {
            @Override
            public void closed(TcpSocket s, boolean reset) {
                peerReset[0] = reset;
            }
        });
        TcpSocket a = bed.connect(new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                s.send(10_000);
            }
        });
        bed.sim.runUntil(5 * MS);
        a.abort();
        bed.sim.run();
        TcpSegment rst = bed.fromA().getLast().segment();
        assertThat(rst.has(FLAG_RST)).isTrue();
        assertThat(bed.relSeq(rst)).isEqualTo(10_001);
        assertThat(peerReset[0]).isTrue();
        assertThat(bed.sa.counter(TcpCounter.TcpEstabResets)).isEqualTo(1);
        assertThat(bed.sb.counter(TcpCounter.TcpEstabResets)).isEqualTo(1);
        assertThat(bed.sb.counter(TcpCounter.TcpOutRsts)).isZero();
    }
}
