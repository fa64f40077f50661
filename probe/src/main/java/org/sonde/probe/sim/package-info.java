/**
 * The seeded simulation harness of §3.6: trials with unknown hash functions, lossy links, false
 * negatives and bad agents, scored by where the failed links rank.
 */
package org.sonde.probe.sim;
