/**
 * The paper's study (Figs. 8–11) as experiments run through the injection pipeline: latency sweeps,
 * CNP pacing, ETS, noisy neighbours and timeout schedules on each NIC profile, measured from the traces
 * and counters ({@link org.sonde.inject.study.StudyRunner}), with the findings and their JSON.
 */
package org.sonde.inject.study;
