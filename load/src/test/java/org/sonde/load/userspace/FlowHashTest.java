package org.sonde.load.userspace;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class FlowHashTest {
    @Property
    void aConnectionHashesTheSameInBothDirections(@ForAll int ipA, @ForAll int ipB, @ForAll @IntRange(max = 65535) int portA,
                                                 @ForAll @IntRange(max = 65535) int portB, @ForAll @IntRange(min = 1, max = 64) int workers) {
        assertThat(FlowHash.worker(ipA, ipB, portA, portB, workers)).isEqualTo(FlowHash.worker(ipB, ipA, portB, portA, workers))
                .isBetween(0, workers - 1);
    }

    @Property
    void consecutiveSourcePortsAreSharedFairlyBetweenWorkers(@ForAll int client, @ForAll int server, @ForAll @IntRange(min = 1, max = 60000) int firstPort,
                                                            @ForAll @IntRange(min = 2, max = 8) int workers) {
        int[] n = new int[workers];
        for (int p = firstPort; p < firstPort + 4096; p++) n[FlowHash.worker(client, server, p, 80, workers)]++;
        // a range of ports is what one client address offers: each worker gets near its 1/workers of it
        for (int k : n) assertThat(k).isBetween(4096 / workers * 3 / 4, 4096 / workers * 5 / 4);
    }
}
