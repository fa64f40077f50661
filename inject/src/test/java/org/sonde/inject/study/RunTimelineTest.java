package org.sonde.inject.study;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.inject.study.RunTimeline.Kind;
import org.sonde.inject.study.RunTimeline.Mark;

/** The stretch of a QP's timeline a report zooms in on: the injected events and the sender's answer, with context. */
class RunTimelineTest {
    private static final long US = 1_000;

    /** Data packets with PSNs 0.. at one per microsecond, PSN {@code dropped} dropped, a NAK, and go-back-N from it. */
    private static List<Mark> dropAndGoBack(int packets, int dropped, int nakAfter) {
        List<Mark> marks = new ArrayList<>();
        long t = 0;
        for (int psn = 0; psn < packets; psn++) {
            marks.add(new Mark(t++ * US, psn, psn == dropped ? Kind.DROPPED : Kind.DATA));
            if (psn == dropped + nakAfter) {
                marks.add(new Mark(t++ * US, dropped, Kind.NAK));
                for (int again = dropped; again <= psn; again++) marks.add(new Mark(t++ * US, again, Kind.DATA));
            }
        }
        return marks;
    }

    @Test
    void theWindowRunsFromContextBeforeTheEventToContextAfterItsRetransmission() {
        List<Mark> marks = dropAndGoBack(1_000, 500, 5);
        RunTimeline.Window w = new RunTimeline.Qp(0, marks).aroundEvents().orElseThrow();
        int drop = 500, retransmission = 507; // the drop, PSNs 501..505, the NAK, then PSN 500 again
        assertThat(marks.get(drop).kind()).isEqualTo(Kind.DROPPED);
        assertThat(marks.get(retransmission)).isEqualTo(new Mark(507 * US, 500, Kind.DATA));
        assertThat(w.fromNanos()).isEqualTo(marks.get(drop - RunTimeline.Qp.CONTEXT_PACKETS).atNanos());
        assertThat(w.toNanos()).isEqualTo(marks.get(retransmission + RunTimeline.Qp.CONTEXT_PACKETS).atNanos());
        assertThat(w.contains(marks.get(drop).atNanos())).isTrue();
        assertThat(w.contains(marks.get(0).atNanos())).isFalse();
        assertThat(w.contains(marks.getLast().atNanos())).isFalse();
    }

    @Test
    void aWindowNearTheEndsStopsThereAndNoEventsMeansNoWindow() {
        List<Mark> early = dropAndGoBack(40, 3, 2);
        RunTimeline.Window w = new RunTimeline.Qp(0, early).aroundEvents().orElseThrow();
        assertThat(w.fromNanos()).isZero();
        List<Mark> late = dropAndGoBack(40, 37, 1);
        assertThat(new RunTimeline.Qp(0, late).aroundEvents().orElseThrow().toNanos()).isEqualTo(late.getLast().atNanos());
        List<Mark> clean = dropAndGoBack(40, -1, 0);
        assertThat(new RunTimeline.Qp(0, clean).aroundEvents()).isEmpty();
        // an ECN mark is never retransmitted: the window ends with the context after the mark itself
        List<Mark> ecn = new ArrayList<>(clean);
        ecn.set(10, new Mark(ecn.get(10).atNanos(), 10, Kind.ECN_MARKED));
        assertThat(new RunTimeline.Qp(0, ecn).aroundEvents().orElseThrow().toNanos()).isEqualTo(ecn.get(30).atNanos());
    }
}
