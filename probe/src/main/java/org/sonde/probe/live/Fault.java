package org.sonde.probe.live;

/**
 * A real fault on a directed link of a namespace testbed ({@link NamespaceNetwork#apply}).
 *
 * <ul>
 *   <li>{@link Lossy}: the link's sending end drops each packet with probability {@code share}
 *       (an nftables rule in its namespace: {@code oifname numgen random} on the postrouting hook,
 *       so forwarded and locally sent packets alike).</li>
 *   <li>{@link Down}: the receiving end's interface is switched off. The sending router keeps its
 *       routes over the link (static routes; losing the carrier does not withdraw them), so
 *       traffic on {@code a->b} is black-holed, while {@code b}'s routes over it die with its
 *       interface and its traffic towards {@code a} takes the other next hops where there are any.</li>
 * </ul>
 */
public sealed interface Fault {
    /** The directed link, as the topology names it ({@code agg0-0->core0}). */
    String link();

    record Lossy(String link, double share) implements Fault {
        public Lossy {
            if (!(share > 0 && share <= 1)) throw new IllegalArgumentException("a lossy link drops a share in (0, 1], got " + share);
        }
    }

    record Down(String link) implements Fault {}

    record Slow(String link, long bitsPerSecond) implements Fault {
        public Slow {
            if (bitsPerSecond < 8_000) throw new IllegalArgumentException("a slowed link keeps at least 8 kbit/s, got " + bitsPerSecond + " bit/s");
        }
    }

    /** {@code LINK=BITS} with an optional k, M or G ({@code agg0-0->core0=100k}), as the command line gives a slowed link. */
    public static Fault slow(String spec) {
        int eq = spec.lastIndexOf('=');
        if (eq < 0) throw new IllegalArgumentException("expected LINK=RATE in bit/s (agg0-0->core0=100k), got " + spec);
        String r = spec.substring(eq + 1).strip();
        long unit = r.endsWith("k") ? 1_000 : r.endsWith("M") ? 1_000_000 : r.endsWith("G") ? 1_000_000_000 : 1;
        try {
            return new Slow(spec.substring(0, eq), Math.multiplyExact(Long.parseLong(unit == 1 ? r : r.substring(0, r.length() - 1)), unit));
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("expected a rate in bit/s after '=' (100k, 2M), got '" + r + "'");
        }
    }

    /** {@code LINK=SHARE}, as the command line gives a lossy link. */
    public static Fault lossy(String spec) {
        int eq = spec.lastIndexOf('=');
        if (eq < 0) throw new IllegalArgumentException("expected LINK=SHARE (agg0-0->core0=0.1), got " + spec);
        double share;
        try {
            share = Double.parseDouble(spec.substring(eq + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected a share after '=' in " + spec);
        }
        return new Lossy(spec.substring(0, eq), share);
    }
}
