package org.sonde.replay.linux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A replay's header rows against a capture's: identity, PSH and windows apart, and the first divergence's cause. */
class HeaderComparisonTest {
    static final RecordedConnection CONNECTION = new RecordedConnection(0, "10.9.0.1", 40000, "10.9.0.2", 5001, 0, 10_000, 1, 2, 0, 0,
            List.of(), List.of(), List.of(), List.of(new KernelEvent(true, 500, "congestion state Recovery"), new KernelEvent(true, 600, "retransmission")), null);
    static final int ACK = 0x10, SYN = 0x02, PSH = 0x08;

    static HeaderRow data(long t, long seq, int flags) {
        return new HeaderRow(t, seq, 1, ACK | flags, 1000, 100);
    }

    @Test
    void identicalRowsWithOtherPshAndWindowsAreIdenticalAndCountedApart() {
        List<HeaderRow> cap = List.of(new HeaderRow(0, 0, 0, SYN, 0, 500), data(100, 1, 0), data(200, 1001, PSH));
        List<HeaderRow> rep = List.of(new HeaderRow(10, 0, 0, SYN, 0, 500), data(90, 1, PSH), new HeaderRow(260, 1001, 1, ACK | PSH, 1000, 7));
        List<Long> errors = new ArrayList<>();
        ConnectionAgreement a = HeaderComparison.compare(CONNECTION, cap, rep, List.of(), List.of(), List.of(), errors);
        assertThat(a.identicalFromClient()).isTrue();
        assertThat(a.identicalFromServer()).isTrue();
        assertThat(a.pshDiffers()).isEqualTo(1);
        assertThat(a.windowDiffers()).isEqualTo(1);
        assertThat(a.identicalStrictly()).isFalse();
        assertThat(errors).containsExactly(10L, 10L, 60L);
    }

    @Test
    void aRetransmissionOnlyTheKernelSentIsTheDivergenceAndItsCause() {
        List<HeaderRow> cap = List.of(data(100, 1, 0), data(200, 1001, 0), data(700, 1, 0));
        List<HeaderRow> rep = List.of(data(100, 1, 0), data(200, 1001, 0), data(400, 2001, 0));
        ConnectionAgreement a = HeaderComparison.compare(CONNECTION, cap, rep, List.of(), List.of(), List.of(), new ArrayList<>());
        Divergence d = a.fromClient();
        assertThat(d.index()).isEqualTo(2);
        assertThat(d.field()).isEqualTo("seq");
        assertThat(d.cause()).isEqualTo("kernel retransmitted, the model did not");
        assertThat(d.kernel()).as("the recorder's events up to the captured packet").isEqualTo("client Recovery, server Open, 1 retransmissions so far");
        assertThat(a.compared()).isEqualTo(2);
    }

    @Test
    void aMissingTailAndAnAckDifferenceAreNamed() {
        List<HeaderRow> cap = List.of(data(100, 1, 0), data(200, 1001, 0));
        ConnectionAgreement a = HeaderComparison.compare(CONNECTION, cap, List.of(data(100, 1, 0)),
                List.of(new HeaderRow(150, 1, 1001, ACK, 0, 9)), List.of(new HeaderRow(150, 1, 2001, ACK, 0, 9)), List.of(), new ArrayList<>());
        assertThat(a.fromClient().field()).isEqualTo("missing");
        assertThat(a.fromClient().cause()).isEqualTo("kernel sent more");
        assertThat(a.fromServer().field()).isEqualTo("ack");
        assertThat(a.fromServer().cause()).startsWith("the kernel acknowledged less at once");
        assertThat(a.first()).as("the server's ACK departs at 150, before the client's missing packet at 200").isSameAs(a.fromServer());
    }
}
