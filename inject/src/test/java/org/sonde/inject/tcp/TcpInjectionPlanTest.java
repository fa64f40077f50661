package org.sonde.inject.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.sonde.inject.tcp.TcpPackets.MSS;
import static org.sonde.inject.tcp.TcpPackets.ip;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.inject.config.EventAction;
import org.sonde.packet.TcpHeader;

class TcpInjectionPlanTest {
    private static final int ACK = TcpHeader.FLAG_ACK;

    @Test
    void eventsMatchTheirConnectionSegmentIterationAndAcknowledgement() {
        TcpEvent dropSecond = new TcpEvent(1, TcpEvent.Kind.SEGMENT, 2, 1, new EventAction.Drop(), "e0");
        TcpEvent markAgain = new TcpEvent(1, TcpEvent.Kind.SEGMENT, 2, 2, new EventAction.MarkEcn(), "e1");
        TcpEvent shadowed = new TcpEvent(1, TcpEvent.Kind.SEGMENT, 2, 2, new EventAction.Corrupt(), "e2");
        TcpEvent dropAck = new TcpEvent(1, TcpEvent.Kind.ACK, 1, 1, new EventAction.Drop(), "e3");
        TcpInjectionPlan plan = new TcpInjectionPlan(List.of(dropSecond, markAgain, shadowed, dropAck));
        TcpFlows flows = new TcpFlows();
        java.util.function.Function<byte[], TcpEvent> match = b -> plan.match(flows.classify(b, b.length));
        assertThat(match.apply(ip(true, 40000, 0, 0, TcpHeader.FLAG_SYN, 0, 0))).isNull();
        assertThat(match.apply(ip(false, 40000, 0, 1, TcpHeader.FLAG_SYN | ACK, 0, 0))).isNull();
        assertThat(match.apply(ip(true, 40000, 1, 1, ACK, MSS, 0))).isNull();
        assertThat(match.apply(ip(true, 40000, 1 + MSS, 1, ACK, MSS, 0))).isSameAs(dropSecond);
        assertThat(match.apply(ip(false, 40000, 1, 1 + MSS, ACK, 0, 0))).isSameAs(dropAck);
        assertThat(match.apply(ip(false, 40000, 1, 1 + MSS, ACK, 0, 0))).isNull(); // the second acknowledgement
        // the first event given for a transmission wins
        assertThat(match.apply(ip(true, 40000, 1 + MSS, 1, ACK, MSS, 0))).isSameAs(markAgain);
        assertThat(match.apply(ip(true, 40000, 1 + MSS, 1, ACK, MSS, 0))).isNull();
    }
}
