/**
 * The HTML reports of test packet generation ({@link org.sonde.atpg.report.AtpgReport}): a
 * suite's coverage, phase times and packets, and a localisation's suspects with their evidence.
 * They render results only; {@code sonde atpg generate} and {@code sonde atpg localize} write them.
 */
package org.sonde.atpg.report;
