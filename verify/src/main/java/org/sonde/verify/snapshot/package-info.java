/**
 * Forwarding snapshots as Libra's route dumper records them (switch, prefix, mask length, next hops, priority; logical switches), column-wise, with
 * their text form and rule updates. Data only: the checks are in {@code check}.
 */
package org.sonde.verify.snapshot;
