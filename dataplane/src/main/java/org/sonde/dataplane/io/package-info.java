/**
 * Reading and writing the network model: {@link org.sonde.dataplane.io.NetworkJson} (Sonde's
 * versioned JSON schema), {@link org.sonde.dataplane.io.HasselImport} (hassel's transfer
 * function text files), {@link org.sonde.dataplane.io.StanfordApkeepImport} (APKeep's
 * preprocessed Stanford snapshot), {@link org.sonde.dataplane.io.StanfordCiscoImport} (the raw
 * Stanford Cisco IOS configurations and tables, through one small parser per file kind) and
 * {@link org.sonde.dataplane.io.Internet2JunosImport} (the raw Internet2 Junos forwarding tables
 * and interfaces, through {@link org.sonde.dataplane.io.JunosForwardingTable} and
 * {@link org.sonde.dataplane.io.JunosInterfaces}). Nothing here prints; every malformed input is a
 * {@link org.sonde.core.BadInputException} naming the file, the place and what was expected.
 */
package org.sonde.dataplane.io;
