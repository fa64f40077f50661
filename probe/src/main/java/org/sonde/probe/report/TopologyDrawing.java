package org.sonde.probe.report;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.function.IntFunction;
import org.sonde.probe.topology.Link;
import org.sonde.probe.topology.Topology;
import org.sonde.report.GraphChart;

/**
 * A topology as a {@link GraphChart}: nodes in layers by their hops from the nearest host (hosts at
 * the bottom, a fat-tree's core at the top), in topology order within a layer; each directed link
 * coloured by a value the caller gives.
 */
final class TopologyDrawing {
    /** A link's value in [0, 1] (NaN: none), its tooltip, and whether to draw it thick. */
    record Look(double value, String tooltip, boolean marked) {}

    private TopologyDrawing() {}

    static GraphChart draw(Topology t, String title, String scale, IntFunction<Look> look) {
        int n = t.nodes().size();
        int[] layer = new int[n];
        Arrays.fill(layer, -1);
        Deque<Integer> queue = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            if (t.node(i).isHost()) {
                layer[i] = 0;
                queue.add(i);
            }
        }
        if (queue.isEmpty() && n > 0) {
            layer[0] = 0;
            queue.add(0);
        }
        while (!queue.isEmpty()) {
            int u = queue.poll();
            for (Link l : t.links()) {
                if (l.from() == u && layer[l.to()] < 0) {
                    layer[l.to()] = layer[u] + 1;
                    queue.add(l.to());
                }
            }
        }
        int top = 0;
        for (int i = 0; i < n; i++) {
            if (layer[i] < 0) layer[i] = 0; // unreachable nodes sit with the hosts
            top = Math.max(top, layer[i]);
        }
        List<List<Integer>> layers = new ArrayList<>();
        for (int i = 0; i <= top; i++) layers.add(new ArrayList<>());
        for (int i = 0; i < n; i++) layers.get(layer[i]).add(i);
        GraphChart g = GraphChart.titled(title).scale(scale).height(Math.max(160, Math.min(900, 110 * (top + 1))));
        for (List<Integer> row : layers) {
            for (int j = 0; j < row.size(); j++) {
                int v = row.get(j);
                g.node(t.node(v).name(), (j + 0.5) / row.size(), top == 0 ? 0.5 : 1 - (double) layer[v] / top);
            }
        }
        for (Link l : t.links()) {
            Look k = look.apply(l.index());
            g.edge(t.node(l.from()).name(), t.node(l.to()).name(), k.value(), k.tooltip(), k.marked());
        }
        return g;
    }
}
