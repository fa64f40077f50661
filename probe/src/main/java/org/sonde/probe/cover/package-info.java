/**
 * Probabilistic path covers (§3.3.3): the exact coupon-collector probability that k random 5-tuples
 * reach all n equal-cost next hops, and, for multilevel and general multipath, the exact (small
 * DAGs) or lower-bound probability that k tuples traverse every link of a pair's paths.
 */
package org.sonde.probe.cover;
