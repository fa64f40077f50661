package org.sonde.dataplane.io.text;

/**
 * A line of an input file that an import did not take into the model as written (a FIB row it
 * could not resolve, a binding without effect, a duplicate entry, …), and why.
 *
 * @param file   the file's name as the import names it
 * @param line   the 1-based line
 * @param reason what the model does instead, in words
 */
public record ImportNote(String file, int line, String reason) {}
