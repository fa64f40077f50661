/**
 * The network model as immutable data, independent of any header algebra: devices, globally
 * numbered ports, links, ordered rule tables with ternary matches and sealed actions, ACLs,
 * VLAN membership and MAC tables, gathered and validated by {@link org.sonde.dataplane.model.Network}.
 */
package org.sonde.dataplane.model;
