/**
 * Header space algebra on BDDs: sets of packet headers for test packet generation and
 * forwarding verification.
 *
 * <p>{@link org.sonde.dataplane.hsa.Bdd} is the engine (primitive arrays, an arena that never
 * frees nodes, a lossy operation cache). {@link org.sonde.dataplane.hsa.HeaderLayout} names the
 * header fields and places their bits among BDD variables, most significant bit first;
 * {@link org.sonde.dataplane.hsa.HeaderAlgebra} builds immutable
 * {@link org.sonde.dataplane.hsa.HeaderSpace}s over one layout, including hassel's {@code 0/1/x}
 * wildcards and masked rewrites; {@link org.sonde.dataplane.hsa.AtomicPredicates} reduces a list
 * of predicates to small integer sets of atoms.
 */
package org.sonde.dataplane.hsa;
