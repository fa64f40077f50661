/** {@code sonde reach}: all-pairs reachability of a data-plane model, with loops and JSON output. */
package org.sonde.cli.reach;
