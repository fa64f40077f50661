/**
 * The offline target: a RoCEv2 capture taken elsewhere (with or without Lumina's mirror metadata)
 * through the same analyzers as a simulated run ({@link org.sonde.inject.offline.CaptureAnalysis}).
 */
package org.sonde.inject.offline;
