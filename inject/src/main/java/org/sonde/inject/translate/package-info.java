/**
 * From intents to the injector's match-action table: {@link org.sonde.inject.translate.Translator}
 * turns "the 4th packet of the 1st QP in round 2" into entries once the run-time QPNs and PSNs are
 * known, and {@link org.sonde.inject.translate.InjectionTable} matches packets against them (with ITER
 * tracking of retransmission rounds).
 */
package org.sonde.inject.translate;
