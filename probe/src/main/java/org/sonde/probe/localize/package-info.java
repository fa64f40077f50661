/**
 * Localisation from one window of probe results: verdicts (loss, p99 spikes over a baseline),
 * the bad-agent filter, and link rankings by Sherlock-style inference, Boolean tomography, 007's
 * voting and a NetBouncer-style loss fit, each suspect with its evidence.
 */
package org.sonde.probe.localize;
