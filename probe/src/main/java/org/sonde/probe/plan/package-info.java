/**
 * Test plans (§3.3.4, §3.4): each agent pair's probabilistic cover as a candidate, MSC-α over them
 * normalised by their tuples (with all-pairs and random-pairs baselines), distinct source ports,
 * rate limits, and the plan's JSON, validated when read.
 */
package org.sonde.probe.plan;
