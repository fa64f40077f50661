/**
 * All-pairs reachability over the network model: header spaces injected at source ports are
 * pushed through ports' VLAN membership and ACLs, rule tables and links with the {@code hsa}
 * algebra, collecting the reachable port pairs, the rule history of every path (rules, ACL entries
 * and links), the rules, ACL entries and links exercised, and loops.
 * {@link org.sonde.dataplane.reach.Reachability} is the algorithm, the records are its data.
 *
 * <p>Its hot path ({@code Transfer}, {@code Flow}): each worker compiles the tables into its own
 * algebra, making an unshadowed rule's claims BDD only when a flow that is not a plain cube meets
 * it; a table's outputs for an arrival are kept on the arriving flow (column arrays, read in
 * order), so every further source reaching the table alike walks them without a lookup in a
 * shared map; a rule meeting a flow that holds its whole match (every source's whole header space
 * at its first table) emits one flow kept per rule. A {@code PathListener} hears each step of the
 * search's shared trail once, then each path as its last step's number (no history array per
 * path), and a path counts in its pair through a table of the searched source's destinations.
 */
package org.sonde.dataplane.reach;
