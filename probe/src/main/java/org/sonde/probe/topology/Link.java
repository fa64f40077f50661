package org.sonde.probe.topology;

/**
 * A directed link {@code from -> to} (node indexes of its {@link Topology}); faults and probes are
 * per direction, as the dissertation tests "links in both directions".
 *
 * @param index  its position in {@link Topology#links()}
 * @param id     {@code from->to}, with {@code #n} appended to the n-th parallel link
 * @param weight the WCMP weight of this next hop (1 for plain ECMP), positive
 */
public record Link(int index, String id, int from, int to, double weight) {
    public Link {
        if (!(weight > 0) || Double.isInfinite(weight)) throw new IllegalArgumentException("link " + id + " needs a positive weight, got " + weight);
    }
}
