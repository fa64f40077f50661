package org.sonde.atpg.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sonde.dataplane.model.Examples;
import org.sonde.dataplane.reach.Model;
import org.sonde.atpg.Cover;
import org.sonde.atpg.SelectOptions;
import org.sonde.atpg.Selector;
import org.sonde.atpg.Suite;
import org.sonde.atpg.SuiteFiles;
import org.sonde.atpg.TestPacket;

/** How the receiver tells tests apart and which headers Linux will not forward, on the suite's own frames and on damaged ones. */
class FramesTest {
    static final Suite SUITE = Selector.select(Model.of(Examples.threeSwitchWithAcls()),
            SelectOptions.of(java.util.List.of(Examples.PA, Examples.AB, Examples.AC, Examples.PB, Examples.BA, Examples.BC, Examples.PC,
                    Examples.CA, Examples.CB), Cover.RULES));

    static byte[] frame(TestPacket t) {
        return SuiteFiles.frame(t, Examples.threeSwitchWithAcls()).encode();
    }

    @Test
    void everyFrameCarriesItsTestIdAndOnlyZeroDestinationsAreMartian() {
        java.util.List<TestPacket> all = new java.util.ArrayList<>(SUITE.tests());
        all.addAll(SUITE.reserved());
        assertThat(all).allSatisfy(t -> assertThat(LiveRun.payloadId(frame(t))).isEqualTo(t.id()));
        assertThat(all).allSatisfy(t -> {
            String why = LiveRun.martian(frame(t));
            if (t.header().get("ip_dst") >>> 24 == 0) assertThat(why).contains("destination 0.");
            else assertThat(why).isNull();
        });
        assertThat(all).anySatisfy(t -> assertThat(t.header().get("ip_dst")).isZero());
    }

    @Test
    void damagedFramesGiveNoIdAndNeverThrow() {
        byte[] good = frame(SUITE.tests().getFirst());
        for (int n = 0; n < good.length; n++) {
            byte[] cut = Arrays.copyOf(good, n);
            assertThat(LiveRun.payloadId(cut)).as("cut to " + n).isNotEqualTo(SUITE.tests().getFirst().id());
            LiveRun.martian(cut);
        }
        Random r = new Random(1);
        for (int i = 0; i < 10_000; i++) {
            byte[] f = Arrays.copyOf(good, 1 + r.nextInt(good.length + 40));
            for (int k = 0; k < 4; k++) f[r.nextInt(f.length)] = (byte) r.nextInt(256);
            LiveRun.payloadId(f);
            LiveRun.martian(f);
        }
        // an ICMP error quoting the test frame is not the test arriving
        byte[] icmp = good.clone();
        icmp[14 + 9] = 1;
        assertThat(LiveRun.payloadId(icmp)).isNull();
    }
}
