/**
 * All-pairs reachability over the network model: header spaces injected at source ports are
 * pushed through ports' VLAN membership and ACLs, rule tables and links with the {@code hsa}
 * algebra, collecting the reachable port pairs, the rule history of every path (rules, ACL entries
 * and links), the rules, ACL entries and links exercised, and loops.
 * {@link org.sonde.dataplane.reach.Reachability} is the algorithm, the records are its data.
 */
package org.sonde.dataplane.reach;
