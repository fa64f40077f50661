/**
 * Seeded generators of snapshots like the dissertation's data sets (DCN, INET), with faults planted and the violations they must show as.
 */
package org.sonde.verify.gen;
