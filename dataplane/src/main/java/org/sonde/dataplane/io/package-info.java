/**
 * Reading and writing the network model: {@link org.sonde.dataplane.io.NetworkJson} (Sonde's
 * versioned JSON schema), {@link org.sonde.dataplane.io.HasselImport} (hassel's transfer
 * function text files) and {@link org.sonde.dataplane.io.StanfordApkeepImport} (APKeep's
 * preprocessed Stanford snapshot). Nothing here prints; every malformed input is a
 * {@link org.sonde.core.BadInputException} naming the file, the place and what was expected.
 */
package org.sonde.dataplane.io;
