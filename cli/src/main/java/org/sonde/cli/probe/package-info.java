/**
 * {@code sonde probe}: NetSonar's probe planning, localisation and simulation, on top of
 * {@code org.sonde.probe}.
 */
package org.sonde.cli.probe;
