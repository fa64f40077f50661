/**
 * Reading and writing the network model: {@link org.sonde.dataplane.io.NetworkJson} (Sonde's
 * versioned JSON schema), {@link org.sonde.dataplane.io.HasselImport} (hassel's transfer
 * function text files), {@link org.sonde.dataplane.io.StanfordApkeepImport} (APKeep's
 * preprocessed Stanford snapshot) and {@link org.sonde.dataplane.io.StanfordCiscoImport} (the raw
 * Stanford Cisco IOS configurations and tables, through one small parser per file kind). Nothing here prints; every malformed input is a
 * {@link org.sonde.core.BadInputException} naming the file, the place and what was expected.
 */
package org.sonde.dataplane.io;
