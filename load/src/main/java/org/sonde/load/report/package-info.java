/**
 * What a load test shows people: the HTML report with its charts of every second
 * ({@link org.sonde.load.report.LoadReport}) and the terminal's words
 * ({@link org.sonde.load.report.LoadSummary}: the configuration in one line; a client's totals as wrk
 * prints them, then dperf's counters). They render a {@link org.sonde.load.engine.LoadResult}; nothing is measured here.
 */
package org.sonde.load.report;
