/**
 * Stable snapshots of routing-event streams (§4.2): events applied in timestamp order once a quiet 2ε shows the state is one that existed, and the watcher that checks those states incrementally.
 */
package org.sonde.verify.stable;
