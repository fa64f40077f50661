/**
 * Collie's workload search space (§4): {@link org.sonde.search.space.Point}s of one or two
 * {@link org.sonde.search.space.Traffic}s over host topology, memory regions, transport and message
 * pattern, the constraints every point satisfies, and one-dimension mutations (neighbourhood steps
 * and jumps within what the rest of the point allows, dependents drawn again as a random point draws
 * them) whose walk keeps the random points' distribution ({@link org.sonde.search.space.SearchSpace}).
 * What the search needs of any space is {@link org.sonde.search.space.WorkloadSpace} (random
 * points, {@link org.sonde.search.space.Step}s, repeats, features), over points that are
 * {@link org.sonde.search.space.Workload}s; the TCP space ({@code org.sonde.search.tcp}) is the other.
 */
package org.sonde.search.space;
