/**
 * Cisco IOS files, one parser per kind, syntax and IOS semantics only (what the file says, not
 * yet a network): running configurations ({@link org.sonde.dataplane.io.cisco.CiscoConfig}, with
 * its access lists as {@link org.sonde.dataplane.io.cisco.CiscoAclLine}s), {@code show ip cef}
 * ({@link org.sonde.dataplane.io.cisco.CiscoCef}), {@code show ip arp}
 * ({@link org.sonde.dataplane.io.cisco.CiscoArp}), {@code show mac address-table}
 * ({@link org.sonde.dataplane.io.cisco.CiscoMacTable}) and {@code show spanning-tree}
 * ({@link org.sonde.dataplane.io.cisco.CiscoSpanningTree}). The Stanford backbone's importer
 * combines them into a network.
 */
package org.sonde.dataplane.io.cisco;
