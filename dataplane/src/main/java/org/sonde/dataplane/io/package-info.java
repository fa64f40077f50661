/**
 * Where a network model comes from. {@link org.sonde.dataplane.io.ModelSource} names a format
 * and its paths (what a suite records so emulation can load the same model again) and loads it
 * into a {@link org.sonde.dataplane.reach.Model} with candidate test terminals;
 * {@link org.sonde.dataplane.io.ModelFormats} is the registry of the formats, each with its name,
 * what it needs, its help and its loader. The readers live in one package per source format:
 * {@code io.hassel}, {@code io.apkeep}, {@code io.cisco}, {@code io.junos} and {@code io.json};
 * {@code io.dataset} combines the vendor parsers into the raw Stanford and Internet2 networks, and
 * {@code io.text} holds what every text reader shares. Nothing here prints; every malformed input
 * is a {@link org.sonde.core.BadInputException} naming the file, the place and what was expected.
 */
package org.sonde.dataplane.io;
