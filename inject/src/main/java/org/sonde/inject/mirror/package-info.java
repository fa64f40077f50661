/**
 * The switch's side of an injection test (paper §3.5): the injecting stage that applies the
 * match-action entries and mirrors every packet with metadata, the weighted pool of dumpers the copies
 * go to, the reconstruction of one trace from the dumpers' captures, and its integrity check.
 */
package org.sonde.inject.mirror;
