package org.sonde.search.space;

import java.util.Map;

/** A point of a workload space (an RDMA {@link Point}, a TCP point), as a search's results carry it. */
public interface Workload {
    /** The point as JSON-ready maps, dimensions by name. */
    Map<String, Object> toJson();
}
