package org.sonde.atpg;

import java.util.List;

/**
 * A selected test suite: the regular packets (a greedy minimum cover) and the reserved ones
 * (candidates left out, kept to localise faults), with the elements no packet can observe.
 *
 * @param unobserved ids of rules or links (of the cover's kind) that paths go through but whose
 *                   loss no packet tried notices: another copy of the packet (a broadcast, or
 *                   overlapping rules in a model without shadowing) still reaches the same exits
 */
public record Suite(Cover cover, List<TestPacket> tests, List<TestPacket> reserved, Summary summary, List<String> unobserved) {
    public Suite {
        tests = List.copyOf(tests);
        reserved = List.copyOf(reserved);
        // Suites written before unobserved elements were reported have none listed.
        unobserved = unobserved == null ? List.of() : List.copyOf(unobserved);
    }

    /** The same suite with the wall time of its selection. */
    public Suite withSeconds(double seconds) {
        return new Suite(cover, tests, reserved, summary.withSeconds(seconds), unobserved);
    }

    /**
     * Counts of a selection.
     *
     * @param totalPackets       candidate packets: every path from a terminal to a terminal exit
     *                           (or, for a flipped drop rule, into its sink)
     * @param regularPackets     packets in the cover (times the samples per path)
     * @param reservedPackets    reserved packets kept
     * @param unverifiedPaths    chosen paths whose example header did not retrace the path when
     *                           forwarded concretely (possible after rewrites); another path was tried
     * @param expectDropPackets  regular packets the model drops (drop rules tested by flipping)
     * @param reachableRules     rules and ACL entries on some candidate's path (drop rules and
     *                           deny entries flipped to forward into sinks)
     * @param coveredRules       of those, rules and entries the regular packets go through
     * @param coverage           covered / testable elements of the chosen cover (0..1); the
     *                           difference is the {@linkplain Suite#unobserved() unobserved} ones
     * @param testable           elements of the chosen cover some candidate packet would test
     *                           (the whole history of a delivered path; a dropped path's drop rule)
     * @param reachableLinks     links some candidate crosses
     * @param coveredLinks       of those, links the regular packets cross
     * @param reachablePortPairs (ingress, exit) pairs some header reaches
     * @param reachExercisedRules rules and ACL entries reachability finds on a delivering path
     *                           (drop rules and deny entries flipped), to any destination: more than {@code reachableRules}
     *                           when some rules only lead to ports that are not test exits
     * @param terminals          test terminals (ports packets are sent from and received at)
     * @param packetsPerPortAverage regular packets per terminal
     * @param packetsPerPortMax  regular packets sent from the busiest terminal
     * @param seconds            wall time of the whole selection as measured by the caller
     */
    public record Summary(long totalPackets, long regularPackets, long reservedPackets, long unverifiedPaths,
                          long expectDropPackets, long reachableRules, long coveredRules, double coverage, long testable,
                          long reachableLinks, long coveredLinks, long reachablePortPairs, long reachExercisedRules,
                          long terminals, double packetsPerPortAverage, long packetsPerPortMax, double seconds) {
        public Summary withSeconds(double s) {
            return new Summary(totalPackets, regularPackets, reservedPackets, unverifiedPaths, expectDropPackets,
                    reachableRules, coveredRules, coverage, testable, reachableLinks, coveredLinks, reachablePortPairs, reachExercisedRules,
                    terminals, packetsPerPortAverage, packetsPerPortMax, s);
        }
    }
}
