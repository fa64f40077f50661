/**
 * All-pairs reachability over the network model: header spaces injected at source ports are
 * pushed through rule tables and links with the {@code hsa} algebra, collecting the reachable
 * port pairs, the rule history of every path, the rules and links exercised, and loops.
 * {@link org.sonde.dataplane.reach.Reachability} is the algorithm, the records are its data.
 */
package org.sonde.dataplane.reach;
