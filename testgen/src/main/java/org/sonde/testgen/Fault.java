package org.sonde.testgen;

import org.sonde.core.BadInputException;

/**
 * A fault to inject into a model. Text forms: {@code rule:<id>:drop}, {@code rule:<id>:port=<p>}
 * (forward to port p instead), {@code rule:<id>:missing}, {@code link:<a>-<b>:down} (both
 * directions between ports a and b, or {@code link:<id>:down} by link id) and
 * {@code link:<a>-<b>:latency=<ms>}. ACL faults are not offered: the reach semantics, which
 * the emulation reuses, do not apply ACLs.
 */
public sealed interface Fault {
    record RuleDrop(String rule) implements Fault {}

    record RuleWrongPort(String rule, int port) implements Fault {}

    record RuleMissing(String rule) implements Fault {}

    /** A link by id, or both directions between two ports ({@code id} null). */
    record LinkDown(String id, int a, int b) implements Fault {}

    record LinkLatency(String id, int a, int b, double millis) implements Fault {}

    /** Parses one fault spec; {@code source} names where it came from in errors. */
    static Fault parse(String source, String spec) {
        int first = spec.indexOf(':'), last = spec.lastIndexOf(':');
        if (first < 0 || first == last) throw bad(source, spec, "expected rule:<id>:<what> or link:<a>-<b>:<what>");
        String kind = spec.substring(0, first), target = spec.substring(first + 1, last), what = spec.substring(last + 1);
        try {
            return switch (kind) {
                case "rule" -> switch (what) {
                    case "drop" -> new RuleDrop(target);
                    case "missing" -> new RuleMissing(target);
                    default -> {
                        if (!what.startsWith("port=")) throw bad(source, spec, "expected drop, missing or port=<p> after the rule id");
                        yield new RuleWrongPort(target, Integer.parseInt(what.substring(5)));
                    }
                };
                case "link" -> {
                    int dash = target.lastIndexOf('-');
                    String id = null;
                    int a = -1, b = -1;
                    if (dash > 0 && target.substring(0, dash).matches("\\d+") && target.substring(dash + 1).matches("\\d+")) {
                        a = Integer.parseInt(target.substring(0, dash));
                        b = Integer.parseInt(target.substring(dash + 1));
                    } else {
                        id = target;
                    }
                    if (what.equals("down")) yield new LinkDown(id, a, b);
                    if (what.startsWith("latency=")) yield new LinkLatency(id, a, b, Double.parseDouble(what.substring(8)));
                    throw bad(source, spec, "expected down or latency=<ms> after the link");
                }
                case "acl" -> throw bad(source, spec, "ACL faults are not supported: the reach semantics do not apply ACLs");
                default -> throw bad(source, spec, "unknown fault kind " + kind + " (expected rule or link)");
            };
        } catch (NumberFormatException e) {
            throw bad(source, spec, "bad number: " + e.getMessage());
        }
    }

    private static BadInputException bad(String source, String spec, String problem) {
        return new BadInputException(source, "fault " + spec, problem);
    }
}
