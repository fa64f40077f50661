/**
 * What every importer of text files shares, so that each format's parser holds only its format:
 * {@link org.sonde.dataplane.io.text.Text} reads a directory's files, splits lines into fields and
 * checks numbers and IPv4 addresses, with errors that name the file, the line and what was
 * expected there; {@link org.sonde.dataplane.io.text.Line} is one numbered line;
 * {@link org.sonde.dataplane.io.text.Range} is a range of values as a file writes it, with the
 * ternaries that cover it; {@link org.sonde.dataplane.io.text.ImportNote} is what an import says
 * about a line it did not take into the model as written.
 */
package org.sonde.dataplane.io.text;
