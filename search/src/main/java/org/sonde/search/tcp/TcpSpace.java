package org.sonde.search.tcp;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import org.sonde.search.space.Grid;
import org.sonde.search.space.Move;
import org.sonde.search.space.Step;
import org.sonde.search.space.WorkloadSpace;

/**
 * The TCP workload space: each {@link TcpDimension} on its grid (the full one, or a narrower one a
 * target file gives, down to one fixed value), with one constraint: concurrency is canonical (its
 * smallest value) without keepalive, where the engine holds no connections open. Mutations change
 * one dimension that has more than one value and applies, to a neighbouring value or anywhere.
 */
public final class TcpSpace implements WorkloadSpace<TcpPoint> {
    private final Map<TcpDimension, Grid> grids;

    /** A space over {@code grids}, each a subset of its dimension's full grid; a dimension not given has its full grid. */
    public TcpSpace(Map<TcpDimension, Grid> grids) {
        Map<TcpDimension, Grid> m = new EnumMap<>(TcpDimension.class);
        for (TcpDimension d : TcpDimension.values()) {
            Grid g = grids.getOrDefault(d, d.grid());
            for (int i = 0; i < g.size(); i++) {
                if (!d.grid().contains(g.get(i))) throw new IllegalArgumentException(d.jsonName() + " " + g.get(i) + " is not one of its values");
            }
            m.put(d, g);
        }
        this.grids = java.util.Collections.unmodifiableMap(m);
    }

    public static TcpSpace full() {
        return new TcpSpace(Map.of());
    }

    public Grid grid(TcpDimension d) {
        return grids.get(d);
    }

    /** The step that changed one dimension. */
    public record TcpStep(TcpPoint point, TcpDimension dimension, Move move) implements Step<TcpPoint> {}

    @Override
    public TcpPoint random(RandomGenerator rng) {
        Map<TcpDimension, Integer> v = new EnumMap<>(TcpDimension.class);
        for (TcpDimension d : TcpDimension.values()) v.put(d, grids.get(d).uniform(rng));
        return repair(new TcpPoint(v));
    }

    /** {@code p} with {@code d} set to {@code value} (on its grid), repaired into the constraint. */
    public TcpPoint set(TcpPoint p, TcpDimension d, int value) {
        return repair(p.with(d, value));
    }

    private TcpPoint repair(TcpPoint p) {
        int canonical = grids.get(TcpDimension.CONCURRENCY).min();
        return p.requests() == 1 && p.get(TcpDimension.CONCURRENCY) != canonical ? p.with(TcpDimension.CONCURRENCY, canonical) : p;
    }

    /**
     * The point that stresses the stack least: fewest connections, requests and bytes; most
     * addresses, ports, backlog and workers; SYN cookies as the kernel's default (1) and reuse of
     * ports in TIME_WAIT on (1) where the space has them. The Linux target's latency baseline runs here, and an MFS moves an irrelevant
     * dimension to its end of it.
     */
    public TcpPoint gentlest() {
        Map<TcpDimension, Integer> v = new EnumMap<>(TcpDimension.class);
        for (TcpDimension d : TcpDimension.values()) v.put(d, gentle(d));
        return repair(new TcpPoint(v));
    }

    /** The value of {@code d} that stresses the stack least. */
    public int gentle(TcpDimension d) {
        Grid g = grids.get(d);
        return switch (d) {
            case CLIENT_ADDRESSES, EPHEMERAL_PORTS, BACKLOG, SERVER_WORKERS -> g.max();
            case SYNCOOKIES, TW_REUSE -> g.contains(1) ? 1 : g.min();
            default -> g.min();
        };
    }

    /** What is wrong with {@code p}, in words; empty when it is in the space. */
    public List<String> violations(TcpPoint p) {
        List<String> v = new ArrayList<>();
        for (TcpDimension d : TcpDimension.values()) {
            if (!grids.get(d).contains(p.get(d))) v.add(d.jsonName() + " " + p.get(d) + " is not in the space");
        }
        if (p.requests() == 1 && p.get(TcpDimension.CONCURRENCY) != grids.get(TcpDimension.CONCURRENCY).min()) {
            v.add("concurrency " + p.get(TcpDimension.CONCURRENCY) + " without keepalive (one request per connection holds none)");
        }
        return v;
    }

    /** The dimensions a mutation of {@code p} can change: more than one value, and applying to it. */
    List<TcpDimension> mutable(TcpPoint p) {
        List<TcpDimension> out = new ArrayList<>();
        for (TcpDimension d : TcpDimension.values()) if (grids.get(d).size() > 1 && d.appliesTo(p)) out.add(d);
        return out;
    }

    @Override
    public TcpStep mutate(TcpPoint p, RandomGenerator rng, Move move) {
        List<TcpDimension> dims = mutable(p);
        if (dims.isEmpty()) throw new IllegalStateException("the space has one point: nothing to mutate");
        TcpDimension d = dims.get(rng.nextInt(dims.size()));
        Grid g = grids.get(d);
        int v = move == Move.NEIGHBOUR && !d.categorical() ? g.neighbour(p.get(d), rng) : jump(g, p.get(d), rng);
        return new TcpStep(set(p, d, v), d, move);
    }

    private static int jump(Grid g, int v, RandomGenerator rng) {
        int i = g.indexOf(v);
        int j = rng.nextInt(g.size() - 1);
        return g.get(j >= i ? j + 1 : j);
    }

    @Override
    public Optional<TcpStep> repeat(TcpPoint p, Step<TcpPoint> last, TcpPoint before) {
        if (!(last.dimension() instanceof TcpDimension d) || d.categorical() || !d.appliesTo(p)) return Optional.empty();
        Grid g = grids.get(d);
        int from = before.get(d), to = p.get(d);
        if (from == to || !g.contains(from) || !g.contains(to)) return Optional.empty();
        int next = g.indexOf(to) + Integer.signum(g.indexOf(to) - g.indexOf(from));
        if (next < 0 || next >= g.size()) return Optional.empty();
        return Optional.of(new TcpStep(set(p, d, g.get(next)), d, Move.NEIGHBOUR));
    }

    /** Ordered dimensions by grid index over the grid's length (a log scale on these grids), categorical ones one-hot. */
    @Override
    public double[] features(TcpPoint p) {
        List<Double> x = new ArrayList<>();
        for (TcpDimension d : TcpDimension.values()) {
            Grid g = grids.get(d);
            if (d.categorical()) {
                for (int i = 0; i < g.size(); i++) x.add(g.get(i) == p.get(d) ? 1.0 : 0.0);
            } else {
                x.add(g.size() == 1 ? 0 : (double) g.indexOf(p.get(d)) / (g.size() - 1));
            }
        }
        return x.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
