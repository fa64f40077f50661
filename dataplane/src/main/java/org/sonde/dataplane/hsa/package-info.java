/**
 * Header space algebra on BDDs: sets of packet headers for test packet generation and
 * forwarding verification.
 *
 * <p>{@link org.sonde.dataplane.hsa.Bdd} is the engine (primitive arrays, an arena that never
 * frees nodes, a lossy operation cache). {@link org.sonde.dataplane.hsa.HeaderAlgebra} takes the
 * model's {@link org.sonde.dataplane.model.HeaderLayout}, places its field bits among BDD
 * variables (field list order, most significant bit first) and builds immutable
 * {@link org.sonde.dataplane.hsa.HeaderSpace}s over it, including hassel's {@code 0/1/x}
 * wildcards and masked rewrites; {@link org.sonde.dataplane.hsa.AtomicPredicates} reduces a list
 * of predicates to small integer sets of atoms.
 */
package org.sonde.dataplane.hsa;
