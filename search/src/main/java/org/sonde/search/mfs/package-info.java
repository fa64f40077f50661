/**
 * Minimal feature sets (§5.2): the region of the space an anomaly reproduces in, built by a few
 * experiments per feature ({@link org.sonde.search.mfs.MfsBuilder}), and the matching that lets the
 * search skip points already explained.
 */
package org.sonde.search.mfs;
