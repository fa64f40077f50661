package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The receiver's data: {@code rcv_nxt}, unread bytes, the out-of-order queue as merged ranges, and the
 * SACK blocks as Linux keeps them ({@code tcp_sack_new_ofo_skb()}: the most recently changed block
 * first, at most {@code TCP_NUM_SACKS} = 4, blocks that touch coalesced; {@code tcp_sack_remove()}).
 */
class ReceiveQueueTest {
    private static ReceiveQueue at(long rcvNxt) {
        ReceiveQueue rq = new ReceiveQueue();
        rq.init(rcvNxt);
        return rq;
    }

    /** The SACK blocks in the order they would be sent, as "start-end". */
    private static List<String> sacks(ReceiveQueue rq) {
        List<String> l = new ArrayList<>();
        for (int k = 0; k < rq.numSacks; k++) l.add(rq.sackStart[k] + "-" + rq.sackEnd[k]);
        return l;
    }

    private static void ofo(ReceiveQueue rq, long seq, long end) {
        rq.addOutOfOrder(seq, end, end);
    }

    @Test
    void inOrderDataIsUnreadUntilTheApplicationCopiesIt() {
        ReceiveQueue rq = at(1001);
        assertThat(rq.unread()).isZero();
        rq.advance(3001);
        assertThat(rq.rcvNxt).isEqualTo(3001);
        assertThat(rq.unread()).isEqualTo(2000);
        rq.copiedSeq += 500;
        assertThat(rq.unread()).isEqualTo(1500);
        assertThat(rq.held()).isEqualTo(1500);
        assertThat(rq.hasOutOfOrder()).isFalse();
    }

    @Test
    void outOfOrderRangesMergeWhenTheyTouchOrOverlapAndCountOnce() {
        ReceiveQueue rq = at(1000);
        ofo(rq, 2000, 3000);
        ofo(rq, 4000, 5000);
        assertThat(rq.held()).isEqualTo(2000);
        assertThat(rq.holdsOutOfOrder(4200, 4800)).isTrue();
        assertThat(rq.holdsOutOfOrder(2500, 4200)).isFalse(); // spans the gap
        assertThat(sacks(rq)).containsExactly("4000-5000", "2000-3000"); // the newest block first
        ofo(rq, 3000, 4000); // fills the gap between them
        assertThat(rq.held()).isEqualTo(3000);
        assertThat(rq.holdsOutOfOrder(2000, 5000)).isTrue();
        // the block it extends ([4000, 5000), the first one it touches) grows and absorbs the other
        assertThat(sacks(rq)).containsExactly("2000-5000");
        ofo(rq, 4500, 5500); // overlaps: only the 500 new bytes count
        assertThat(rq.held()).isEqualTo(3500);
        ofo(rq, 1500, 6000); // covers everything held
        assertThat(rq.held()).isEqualTo(4500);
        assertThat(rq.holdsOutOfOrder(1500, 6000)).isTrue();
        assertThat(sacks(rq)).containsExactly("1500-6000");
    }

    @Test
    void aRangeBeforeTheOthersIsInsertedInOrder() {
        ReceiveQueue rq = at(0);
        ofo(rq, 5000, 5100);
        ofo(rq, 3000, 3100);
        ofo(rq, 4000, 4100);
        rq.advance(3000); // reaches the first range only
        assertThat(rq.rcvNxt).isEqualTo(3100);
        assertThat(rq.held()).isEqualTo(3100 + 200);
        rq.advance(4000);
        assertThat(rq.rcvNxt).isEqualTo(4100);
    }

    @Test
    void fillingAHolePullsInTheQueueAndDropsTheBlocksBelowRcvNxt() {
        ReceiveQueue rq = at(1000);
        ofo(rq, 2000, 3000);
        ofo(rq, 4000, 5000);
        rq.advance(2000); // the hole [1000, 2000) arrived: [2000, 3000) follows it in order
        assertThat(rq.rcvNxt).isEqualTo(3000);
        assertThat(rq.unread()).isEqualTo(2000);
        assertThat(rq.held()).isEqualTo(3000);
        assertThat(sacks(rq)).containsExactly("4000-5000");
        rq.advance(4000);
        assertThat(rq.rcvNxt).isEqualTo(5000);
        assertThat(rq.hasOutOfOrder()).isFalse();
        assertThat(rq.numSacks).isZero();
        assertThat(rq.held()).isEqualTo(rq.unread()).isEqualTo(4000);
    }

    @Test
    void atMostFourBlocksTheOldestForgottenAndAnExtendedBlockMovesToTheFront() {
        ReceiveQueue rq = at(0);
        for (int i = 1; i <= 5; i++) ofo(rq, i * 1000L, i * 1000L + 100);
        assertThat(sacks(rq)).containsExactly("5000-5100", "4000-4100", "3000-3100", "2000-2100");
        assertThat(rq.held()).isEqualTo(500); // the queue still holds the range the blocks forgot
        assertThat(rq.holdsOutOfOrder(1000, 1100)).isTrue();
        ofo(rq, 2100, 2200); // extends the last block
        assertThat(sacks(rq)).containsExactly("2000-2200", "5000-5100", "4000-4100", "3000-3100");
    }

    @Test
    void theQueueGrowsBeyondItsInitialRanges() {
        ReceiveQueue rq = at(0);
        for (int i = 10; i >= 1; i--) ofo(rq, i * 1000L, i * 1000L + 10);
        assertThat(rq.held()).isEqualTo(100);
        for (int i = 1; i <= 10; i++) assertThat(rq.holdsOutOfOrder(i * 1000L, i * 1000L + 10)).isTrue();
        rq.advance(10_000);
        assertThat(rq.rcvNxt).isEqualTo(10_010);
        assertThat(rq.hasOutOfOrder()).isFalse();
    }

    @Test
    void anOutOfOrderFinIsSackedButNotQueuedAsData() {
        ReceiveQueue rq = at(1000);
        rq.addOutOfOrder(2000, 2500, 2501); // 500 bytes and the FIN
        assertThat(rq.held()).isEqualTo(500);
        assertThat(sacks(rq)).containsExactly("2000-2501");
        rq.advance(2000);
        assertThat(rq.rcvNxt).isEqualTo(2500); // the data; the caller takes the FIN (tcp_fin())
        rq.fin();
        assertThat(rq.rcvNxt).isEqualTo(2501);
        assertThat(rq.finIn).isTrue();
        assertThat(rq.unread()).isEqualTo(1500); // the FIN is no byte to read
    }

    @Test
    void aDsackBlockIsKeptApart() {
        ReceiveQueue rq = at(1000);
        rq.setDsack(500, 800);
        assertThat(rq.dsack).isTrue();
        assertThat(rq.dsackStart).isEqualTo(500);
        assertThat(rq.dsackEnd).isEqualTo(800);
        assertThat(rq.numSacks).isZero();
    }
}
