/** {@code sonde sim}: runs a YAML scenario on the {@code sim} module's simulator and writes its statistics and report. */
package org.sonde.cli.sim;
