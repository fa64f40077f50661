/**
 * Libra's per-subnet work: the subnet trie that maps rules to the subnets they match (its nodes hashed by prefix, so a rule is one probe),
 * the reducer that builds a subnet's forwarding graph and checks it for loops, black holes, reachability and waypoints, and the subnet graph
 * that incremental checks keep between rule updates (black holes and distances to the subnet updated where an update changed the graph).
 */
package org.sonde.verify.check;
