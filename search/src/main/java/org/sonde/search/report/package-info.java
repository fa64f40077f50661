/** HTML reports of searches and comparisons, on the {@code report} module: the MFS table in Table 2's columns and the time-to-N curves. */
package org.sonde.search.report;
