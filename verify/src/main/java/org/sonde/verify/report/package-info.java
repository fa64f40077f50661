/**
 * What a verification shows people and programs: the HTML report of a check
 * ({@link org.sonde.verify.report.VerifyReport}), its JSON ({@link org.sonde.verify.report.CheckJson}),
 * the counts of violations per type ({@link org.sonde.verify.report.ViolationCounts}), and the JSON
 * and HTML report of a watch over routing events ({@link org.sonde.verify.report.WatchJson},
 * {@link org.sonde.verify.report.WatchReport}). They render results;
 * nothing is checked here.
 */
package org.sonde.verify.report;
