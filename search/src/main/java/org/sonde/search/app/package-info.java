/**
 * Application mode (§5.2, "anomaly prevention" and §7.3): an application's restricted space
 * ({@link org.sonde.search.app.AppSpace}) checked against the MFSs a search found
 * ({@link org.sonde.search.app.MfsFile}): which it can fall into and how to leave them
 * ({@link org.sonde.search.app.AppCheck}).
 */
package org.sonde.search.app;
