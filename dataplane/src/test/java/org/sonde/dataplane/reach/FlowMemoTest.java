package org.sonde.dataplane.reach;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.sonde.dataplane.hsa.HeaderAlgebra;
import org.sonde.dataplane.hsa.Rewrite;
import org.sonde.dataplane.model.HeaderLayouts;

/**
 * A flow's memo of table outputs by port, and the outputs' columns, against a map and the
 * entries they were built from: whatever ports are remembered, in whatever order (hassel's
 * numbers, multiples of 10,000 plus small ones, and arbitrary ones), each is found with its own
 * outputs and no other port is.
 */
class FlowMemoTest {
    @Property(tries = 300)
    void remembersEveryPortItWasToldAndNoOther(@ForAll @Size(max = 200) List<@IntRange(min = 0, max = 1_000_000) Integer> ports,
                                               @ForAll @IntRange(min = 0, max = 1_000_000) int probe) {
        Flow flow = Flow.exact(Cube.any(8), 0);
        Map<Integer, Transfer.Outputs> expected = new HashMap<>();
        for (int p : ports) {
            if (expected.containsKey(p)) continue;
            // One output whose element is the port: each port's outputs are told apart by it.
            Transfer.Outputs outputs = new Transfer.Outputs.Builder().add(entry(p, new int[] {p + 1, p + 2}, p % 3 == 0), flow).build();
            flow.applied(p, outputs);
            expected.put(p, outputs);
            for (Map.Entry<Integer, Transfer.Outputs> e : expected.entrySet()) {
                Transfer.Outputs found = flow.appliedAt(e.getKey());
                assertThat(found).isSameAs(e.getValue());
                assertThat(found.size()).isEqualTo(1);
                assertThat(found.element(0)).isEqualTo(e.getKey());
                assertThat(found.outPorts(0)).containsExactly(e.getKey() + 1, e.getKey() + 2);
                assertThat(found.rewrites(0)).isEqualTo(e.getKey() % 3 == 0);
                assertThat(found.flow(0)).isSameAs(flow);
            }
        }
        assertThat(flow.appliedAt(probe)).isSameAs(expected.get(probe));
        for (int i = 0; i < 50; i++) assertThat(flow.appliedAt(i * 10_000)).isSameAs(expected.get(i * 10_000));
    }

    @Property(tries = 50)
    void outputsKeepTheirEntriesOrder(@ForAll @Size(max = 40) List<@IntRange(min = 0, max = 1000) Integer> elements) {
        Transfer.Outputs.Builder builder = new Transfer.Outputs.Builder();
        for (int e : elements) builder.add(entry(e, new int[] {e}, e % 2 == 0), Flow.exact(Cube.any(8), e));
        Transfer.Outputs outputs = builder.build();
        assertThat(outputs.size()).isEqualTo(elements.size());
        for (int i = 0; i < elements.size(); i++) {
            assertThat(outputs.element(i)).isEqualTo(elements.get(i));
            assertThat(outputs.outPorts(i)).containsExactly(elements.get(i));
            assertThat(outputs.rewrites(i)).isEqualTo(elements.get(i) % 2 == 0);
            assertThat(outputs.flow(i).id()).isEqualTo(elements.get(i));
        }
    }

    private static final Rewrite SET_VLAN = new HeaderAlgebra(HeaderLayouts.HASSEL_VLAN_IP_DST).rewrite("vlan", 0xfff, 7);

    /** An entry with what outputs keep of it. */
    private static Transfer.Entry entry(int element, int[] outPorts, boolean rewrites) {
        return new Transfer.Entry(null, element, null, null, true, rewrites ? SET_VLAN : null, null, outPorts);
    }
}
