/**
 * The HTML report of reachability ({@link org.sonde.dataplane.report.ReachReport}, what
 * {@code sonde reach --report FILE} writes): loops and reachable pairs first, then what each source
 * reaches, the loops' paths and the pairs, drawn with the {@code report} module.
 */
package org.sonde.dataplane.report;
