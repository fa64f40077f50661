package org.sonde.inject.translate;

import org.sonde.inject.config.EventAction;
import org.sonde.inject.config.PacketKind;

/**
 * One match-action entry of the injector (Lumina's {@code inject_event_table}, extended with the packet
 * kind): packets of {@code kind} to {@code destQp} arriving on {@code ingressPort} with {@code psn} in
 * round {@code iteration} get {@code action}.
 *
 * @param psn        absolute 24-bit PSN; for CNPs the 0-based arrival number of the CNP
 * @param where      the YAML key path of the event it came from
 */
record InjectionEntry(PacketKind kind, int destQp, int ingressPort, int psn, int iteration, EventAction action,
                             String where) {}
