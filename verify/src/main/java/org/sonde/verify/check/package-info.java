/**
 * Libra's per-subnet work: the subnet trie that maps rules to the subnets they match, and the reducer that builds a subnet's forwarding graph and
 * checks it for loops, black holes, reachability and waypoints.
 */
package org.sonde.verify.check;
