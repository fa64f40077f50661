/** {@code sonde pcap}: capture inspection ({@code capture.inspect}) and synthetic traffic ({@code packet.synth}). */
package org.sonde.cli.pcap;
