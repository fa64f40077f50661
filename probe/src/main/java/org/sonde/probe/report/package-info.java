/** The HTML reports of probe localisation and simulation, on the {@code report} module. */
package org.sonde.probe.report;
