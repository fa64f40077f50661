/**
 * Minimal feature sets (§5.2): the region of the space an anomaly reproduces in, built by a few
 * experiments per feature ({@link org.sonde.search.mfs.MfsBuilder} for the RDMA space), and the
 * matching that lets the search skip points already explained. {@link org.sonde.search.mfs.FeatureSet}
 * is an MFS of any space, as the search and its results hold it; {@link org.sonde.search.mfs.GridBounds}
 * is the bound search of an ordered feature that every space's builder shares.
 */
package org.sonde.search.mfs;
