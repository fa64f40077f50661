/**
 * Interoperability with other tools: {@link org.sonde.cli.interop.Tshark} runs Wireshark's tshark
 * on a capture and returns the fields it decoded as {@link org.sonde.cli.interop.TsharkRows}, so
 * that Sonde's dissection can be cross-checked against Wireshark's.
 */
package org.sonde.cli.interop;
