/**
 * What an injection test, a study or a fuzzing search shows people: the HTML reports
 * ({@link org.sonde.inject.report.InjectReport}, {@link org.sonde.inject.report.StudyReport},
 * {@link org.sonde.inject.report.FuzzReport}) and the analysis verdicts as terminal lines
 * ({@link org.sonde.inject.report.AnalysisSummary}). They render result records only; nothing is
 * run or measured here.
 */
package org.sonde.inject.report;
