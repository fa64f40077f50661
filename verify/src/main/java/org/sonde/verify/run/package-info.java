/**
 * Running the checks over a whole snapshot: the in-process backend (map, shuffle and reduce on plain threads) and the incremental verifier that keeps per-subnet state between rule updates.
 */
package org.sonde.verify.run;
