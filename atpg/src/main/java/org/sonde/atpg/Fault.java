package org.sonde.atpg;

import org.sonde.core.UsageException;
import org.sonde.dataplane.model.AclEntry;
import org.sonde.dataplane.model.AclEntryRef;

/**
 * A fault to inject into a model: the action faults of ATPG's fault model (dissertation §2.2.2),
 * where a faulty element treats every packet it gets alike. Text forms:
 * <ul>
 *   <li>{@code rule:<id>:drop}, {@code rule:<id>:port=<p>} (forward to port p instead),
 *       {@code rule:<id>:missing} (lower rules take its packets);</li>
 *   <li>{@code link:<a>-<b>:down} (both directions between ports a and b, or
 *       {@code link:<id>:down} by link id), {@code link:<a>-<b>:latency=<ms>} and
 *       {@code link:<a>-<b>:rate=<rate>} (a slowed link: a token bucket holding one frame that fills
 *       at the rate, where frames wait in turn, {@link LinkTiming}; rate with a unit, e.g. {@code 80kbps});</li>
 *   <li>{@code link:<a>-<b>:priority=<field>=<value>[,<field>=<value>...]}: the slowed link serves
 *       frames whose header matches first and the others after (strict priority between two
 *       classes, ATPG's priority test, §2.3.2); values are numbers, or IPv4 addresses with an
 *       optional prefix length ({@code priority=ip_dst=10.0.2.0/24,tp_dst=5001});</li>
 *   <li>a changed ACL, named by the entry's element id {@code acl:<aclId>#<n>} (n from 1, as in
 *       test histories): {@code acl:<aclId>#<n>:permit} and {@code acl:<aclId>#<n>:deny} give the
 *       entry the other verdict, {@code acl:<aclId>#<n>:missing} removes it (later entries, or
 *       the ACL's implicit deny, decide its headers). ACL ids may hold {@code :} (the Cisco
 *       import's {@code goza_rtr:101}); the entry number follows the last {@code #}.</li>
 * </ul>
 */
public sealed interface Fault {
    record RuleDrop(String rule) implements Fault {}

    record RuleWrongPort(String rule, int port) implements Fault {}

    record RuleMissing(String rule) implements Fault {}

    /** A link by id, or both directions between two ports ({@code id} null). */
    record LinkDown(String id, int a, int b) implements Fault {}

    record LinkLatency(String id, int a, int b, double millis) implements Fault {}

    /** A link slowed to {@code bitsPerSecond}: the congestion of ATPG's performance tests (§2.3.2), seen as latency. */
    record LinkRate(String id, int a, int b, long bitsPerSecond) implements Fault {}

    /**
     * A slowed link's two service classes: frames whose header matches {@code high} (field to value text,
     * resolved against the model's layout by {@link Emulator#inject}) go before the others.
     */
    record LinkPriority(String id, int a, int b, java.util.Map<String, String> high) implements Fault {
        public LinkPriority {
            high = java.util.Map.copyOf(high);
        }
    }

    /** One ACL entry decides {@code verdict} instead of its own. */
    record AclVerdict(AclEntryRef entry, AclEntry.Verdict verdict) implements Fault {}

    /** One ACL entry is gone. */
    record AclMissing(AclEntryRef entry) implements Fault {}

    /** Parses one fault spec; {@code source} names where it came from in errors. */
    static Fault parse(String source, String spec) {
        int first = spec.indexOf(':'), last = spec.lastIndexOf(':');
        if (first < 0 || first == last)
            throw bad(source, spec, "expected rule:<id>:<what>, link:<a>-<b>:<what> or acl:<acl id>#<n>:<what>");
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
                    if (what.startsWith("rate=")) {
                        long bps;
                        try {
                            bps = org.sonde.core.config.Units.bitsPerSecond(what.substring(5));
                        } catch (IllegalArgumentException e) {
                            throw bad(source, spec, e.getMessage() + " (e.g. rate=80kbps)");
                        }
                        if (bps <= 0) throw bad(source, spec, "a link's rate must be positive");
                        yield new LinkRate(id, a, b, bps);
                    }
                    if (what.startsWith("priority=")) {
                        java.util.Map<String, String> high = new java.util.LinkedHashMap<>();
                        for (String c : what.substring(9).split(",", -1)) {
                            int eq = c.indexOf('=');
                            if (eq <= 0 || eq == c.length() - 1 || high.put(c.substring(0, eq), c.substring(eq + 1)) != null)
                                throw bad(source, spec, "expected priority=<field>=<value>[,<field>=<value>...], each field once"
                                        + " (e.g. priority=tp_dst=5001), got \"" + c + "\"");
                        }
                        yield new LinkPriority(id, a, b, high);
                    }
                    throw bad(source, spec, "expected down, latency=<ms>, rate=<rate> or priority=<field>=<value> after the link");
                }
                case "acl" -> {
                    AclEntryRef entry = AclEntryRef.parse(AclEntryRef.PREFIX + target).orElseThrow(() -> bad(source, spec,
                            "expected an ACL entry <acl id>#<n> with n from 1 (as in test histories: acl:goza_rtr_100#2), got " + target));
                    yield switch (what) {
                        case "permit" -> new AclVerdict(entry, AclEntry.Verdict.PERMIT);
                        case "deny" -> new AclVerdict(entry, AclEntry.Verdict.DENY);
                        case "missing" -> new AclMissing(entry);
                        default -> throw bad(source, spec, "expected permit, deny or missing after the ACL entry");
                    };
                }
                default -> throw bad(source, spec, "unknown fault kind " + kind + " (expected rule, link or acl)");
            };
        } catch (NumberFormatException e) {
            throw bad(source, spec, "bad number: " + e.getMessage());
        }
    }

    /** A malformed fault spec: the option's value is wrong (a usage error, exit 2). */
    private static UsageException bad(String source, String spec, String problem) {
        return new UsageException(source + " " + spec + ": " + problem);
    }
}
