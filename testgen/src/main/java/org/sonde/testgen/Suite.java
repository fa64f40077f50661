package org.sonde.testgen;

import java.util.List;

/**
 * A selected test suite: the regular packets (a greedy minimum cover) and the reserved ones
 * (candidates left out, kept to localise faults).
 */
public record Suite(Cover cover, List<TestPacket> tests, List<TestPacket> reserved, Summary summary) {
    public Suite {
        tests = List.copyOf(tests);
        reserved = List.copyOf(reserved);
    }

    /**
     * Counts of a selection.
     *
     * @param totalPackets       distinct candidate packets (one per path history, verified)
     * @param regularPackets     packets in the cover
     * @param reservedPackets    reserved packets kept
     * @param unverifiedPaths    path histories whose example header did not retrace the path when
     *                           forwarded concretely (possible after rewrites); not candidates
     * @param expectDropPackets  regular packets the model drops (drop rules tested by flipping)
     * @param reachableRules     rules and ACL entries some candidate exercises (drop rules and
     *                           deny entries flipped to forward into sinks)
     * @param coveredRules       of those, rules the regular packets exercise
     * @param coverage           covered / coverable elements of the chosen cover (0..1): an
     *                           element is coverable when some candidate would notice its loss
     * @param reachableLinks     links some candidate crosses
     * @param coveredLinks       of those, links the regular packets cross
     * @param reachablePortPairs (ingress, exit) pairs some header reaches
     * @param reachExercisedRules rules and ACL entries reachability finds on a delivering path
     *                           (drop rules and deny entries flipped), to any destination: more than {@code reachableRules}
     *                           when the kept histories per pair miss some paths
     * @param seconds            wall time of the whole selection as measured by the caller
     */
    public record Summary(long totalPackets, long regularPackets, long reservedPackets, long unverifiedPaths,
                          long expectDropPackets, long reachableRules, long coveredRules, double coverage,
                          long reachableLinks, long coveredLinks, long reachablePortPairs, long reachExercisedRules,
                          double seconds) {
        public Summary withSeconds(double s) {
            return new Summary(totalPackets, regularPackets, reservedPackets, unverifiedPaths, expectDropPackets,
                    reachableRules, coveredRules, coverage, reachableLinks, coveredLinks, reachablePortPairs, reachExercisedRules, s);
        }
    }
}
