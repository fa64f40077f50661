/**
 * APKeep's preprocessed snapshot of the Stanford backbone ({@code updates}, {@code topo.txt},
 * {@code vlan.txt}, {@code acls/}): the complete network with its ACLs and VLANs, built by
 * {@link org.sonde.dataplane.io.apkeep.StanfordApkeepImport}.
 */
package org.sonde.dataplane.io.apkeep;
