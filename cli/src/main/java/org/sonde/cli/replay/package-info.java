/** {@code sonde replay}: the command line of the {@code replay} module (DETER's diagnosis of TCP flows). */
package org.sonde.cli.replay;
