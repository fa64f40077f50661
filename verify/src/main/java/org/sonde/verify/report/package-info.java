/**
 * What a verification shows people and programs: the HTML report of a check
 * ({@link org.sonde.verify.report.VerifyReport}), its JSON ({@link org.sonde.verify.report.CheckJson})
 * and the counts of violations per type ({@link org.sonde.verify.report.ViolationCounts}). They
 * render a {@link org.sonde.verify.run.VerificationResult}; nothing is checked here.
 */
package org.sonde.verify.report;
