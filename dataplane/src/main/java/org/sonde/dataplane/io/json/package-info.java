/**
 * Sonde's own network file: the whole model as versioned JSON
 * ({@link org.sonde.dataplane.io.json.NetworkJson}), written by the other imports' users and read
 * back exactly, with errors at the line, column and JSON path.
 */
package org.sonde.dataplane.io.json;
