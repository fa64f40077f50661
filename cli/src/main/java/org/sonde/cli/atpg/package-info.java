/**
 * {@code sonde atpg}: test packet generation, emulation with injected faults and fault
 * localisation over data-plane models, on top of {@code org.sonde.atpg}.
 */
package org.sonde.cli.atpg;
