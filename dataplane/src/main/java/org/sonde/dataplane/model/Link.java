package org.sonde.dataplane.model;

/** A directed link: what leaves port {@code fromPortId} arrives at port {@code toPortId}. */
public record Link(String id, int fromPortId, int toPortId, Origin origin) {
    public Link {
        Invalid.requireId(id, "link");
        Invalid.requireNonNull(origin, "link " + id, "origin");
        if (fromPortId == toPortId) throw Invalid.at("link " + id, "links port " + fromPortId + " to itself");
    }
}
