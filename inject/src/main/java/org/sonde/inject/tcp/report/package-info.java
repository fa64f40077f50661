/**
 * The HTML reports and terminal summaries of TCP tests: one test ({@code TcpReport},
 * {@code TcpSummary}), a fuzzing campaign ({@code TcpFuzzReport}) and the congestion-control study
 * ({@code TcpStudyReport}, {@code TcpStudySummary}).
 */
package org.sonde.inject.tcp.report;
