package org.sonde.inject.study;

/**
 * One row of the findings table (paper Table 2 and §6.3): what the profile models, what the traces showed.
 *
 * @param behaviour e.g. "CNP scope"
 * @param section   the paper's section
 * @param expected  what the profile specifies
 * @param measured  what the analyzers measured
 * @param pass      measured matches expected
 * @param note      what the comparison allowed for, or ""
 */
public record Finding(String behaviour, String section, String profile, String expected, String measured, boolean pass, String note) {
}
