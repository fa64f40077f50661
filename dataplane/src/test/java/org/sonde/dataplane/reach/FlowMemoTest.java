package org.sonde.dataplane.reach;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * A flow's memo of table outputs by port against a map: whatever ports are remembered, in
 * whatever order (hassel's numbers, multiples of 10,000 plus small ones, and arbitrary ones),
 * each is found with its own outputs and no other port is.
 */
class FlowMemoTest {
    @Property(tries = 300)
    void remembersEveryPortItWasToldAndNoOther(@ForAll @Size(max = 200) List<@IntRange(min = 0, max = 1_000_000) Integer> ports,
                                               @ForAll @IntRange(min = 0, max = 1_000_000) int probe) {
        Flow flow = Flow.exact(Cube.any(8), 0);
        Map<Integer, List<Transfer.Output>> expected = new HashMap<>();
        for (int p : ports) {
            if (expected.containsKey(p)) continue;
            // A distinct list per port, compared by identity below.
            List<Transfer.Output> outputs = new ArrayList<>();
            flow.applied(p, outputs);
            expected.put(p, outputs);
            for (Map.Entry<Integer, List<Transfer.Output>> e : expected.entrySet())
                assertThat(flow.appliedAt(e.getKey())).isSameAs(e.getValue());
        }
        assertThat(flow.appliedAt(probe)).isSameAs(expected.get(probe));
        for (int i = 0; i < 50; i++) assertThat(flow.appliedAt(i * 10_000)).isSameAs(expected.get(i * 10_000));
    }
}
