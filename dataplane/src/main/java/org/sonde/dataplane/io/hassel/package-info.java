/**
 * hassel's transfer-function text files, the input of the original ATPG code: one
 * {@code .tf} file per router plus {@code topology.tf} ({@code TfText}, syntax only) and
 * {@code port_map.txt} ({@link org.sonde.dataplane.io.hassel.PortMapText}, also the port
 * numbering of the raw Internet2 files), built into a network by
 * {@link org.sonde.dataplane.io.hassel.HasselImport}.
 */
package org.sonde.dataplane.io.hassel;
