/**
 * Test support shared by every module (a test-scoped dependency): the shared datasets and the
 * one rule for a missing prerequisite. A test that needs something the machine may lack fails
 * saying what and how to get it, unless its {@code SONDE_SKIP_*} variable is {@code 1}, which
 * skips it instead; CI installs everything, so nothing is skipped there.
 *
 * <pre>{@code
 * Path stanford = Datasets.dir("stanford-apkeep");          // fails, or skips with SONDE_SKIP_DATASETS=1
 * try (Testbed bed = Netns.testbed("root and iproute2", () -> Testbed.builder("t").node("a").create())) { ... }
 * }</pre>
 */
package org.sonde.testkit;
