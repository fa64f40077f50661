package org.sonde.inject.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.EventIntent;
import org.sonde.inject.config.RdmaVerb;
import org.sonde.inject.config.Traffic;

class MinimiserTest {
    static EventIntent event(int qp, int packet, int iter, EventAction a) {
        return new EventIntent(qp, org.sonde.inject.config.PacketKind.DATA, packet, EventIntent.PsnScope.EACH_MESSAGE, iter, a, "t");
    }

    static final Traffic TRAFFIC = new Traffic(RdmaVerb.READ, 6, 0, 4, 8192, 1024, false, false, 1, 14, 7, List.of(), -1);
    /** QPs 1 and 5 injected, 0, 2, 3 and 4 innocent. */
    static final Genome G = new Genome(TRAFFIC, List.of(event(1, 4, 1, new EventAction.Drop()), event(1, 2, 2, new EventAction.MarkEcn()),
            event(5, 4, 1, new EventAction.Drop())));

    @Test
    void everyVariantIsSmallerValidAndKeepsBothSets() {
        List<Genome> smaller = Minimiser.smaller(G, FuzzTarget.noisyNeighbour());
        assertThat(smaller).isNotEmpty().doesNotContain(G).doesNotHaveDuplicates();
        for (Genome s : smaller) {
            MutatorTest.assertValidConfig(s);
            boolean fewer = s.traffic().numQps() < 6 || s.traffic().messagesPerQp() < 4 || s.events().size() < 3;
            assertThat(fewer).as(s.toString()).isTrue();
            assertThat(s.injectedQps()).isNotEmpty();
            assertThat(s.traffic().numQps()).isGreaterThan(s.injectedQps().size());
        }
        // whole kinds of events go before QPs and messages: here the ECN event is also the only round-2 one
        Genome withoutEcn = new Genome(TRAFFIC, List.of(G.events().get(0), G.events().get(2)));
        int fewerQps = smaller.indexOf(smaller.stream().filter(x -> x.traffic().numQps() < 6).findFirst().orElseThrow());
        assertThat(smaller.indexOf(withoutEcn)).isBetween(0, fewerQps - 1);
    }

    @Test
    void removingAnInnocentQpRenumbersTheInjectedOnesAbove() {
        Genome oneFewer = Minimiser.smaller(G, FuzzTarget.noisyNeighbour()).stream()
                .filter(s -> s.traffic().numQps() == 5).findFirst().orElseThrow(); // the highest innocent QP, 4, goes
        assertThat(oneFewer.injectedQps()).containsExactly(1, 4);
        assertThat(oneFewer.events()).extracting(EventIntent::qpIndex).containsExactly(1, 1, 4);
        assertThat(oneFewer.traffic().messagesPerQp()).isEqualTo(4);
    }
}
