/**
 * Juniper Junos output as Internet2 published it, one parser per kind, syntax and Junos
 * semantics only: {@code show route forwarding-table}
 * ({@link org.sonde.dataplane.io.junos.JunosForwardingTable}) and {@code show interfaces | display
 * xml} ({@link org.sonde.dataplane.io.junos.JunosInterfaces}). The Internet2 importer combines
 * them, with hassel's port map, into a network.
 */
package org.sonde.dataplane.io.junos;
