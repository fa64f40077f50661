/** {@code sonde inject}: the command line of the {@code inject} module (Lumina's event-injection tests, fuzzing and study). */
package org.sonde.cli.inject;
