/** {@code sonde verify}: the command line of the {@code verify} module (Libra), with Spark's options for its Spark backend. */
package org.sonde.cli.verify;
