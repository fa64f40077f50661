/**
 * Collie's workload search space (§4): {@link org.sonde.search.space.Point}s of one or two
 * {@link org.sonde.search.space.Traffic}s over host topology, memory regions, transport and message
 * pattern, the constraints every point satisfies, and one-dimension mutations (neighbourhood steps
 * and jumps) with the repairs that keep points inside ({@link org.sonde.search.space.SearchSpace}).
 */
package org.sonde.search.space;
