package org.sonde.verify.gen;

/** How many faults of each kind to plant, each on its own subnet. */
public record FaultPlan(int loops, int blackholes, int waypointBypasses) {
    public static final FaultPlan NONE = new FaultPlan(0, 0, 0);

    public FaultPlan {
        if (loops < 0 || blackholes < 0 || waypointBypasses < 0) throw new IllegalArgumentException("fault counts must not be negative");
    }

    public int total() {
        return loops + blackholes + waypointBypasses;
    }

    /** Reads {@code loops=K,blackholes=K,waypoints=K} (any subset, any order). */
    public static FaultPlan parse(String text) {
        int loops = 0, blackholes = 0, waypoints = 0;
        for (String part : text.split(",")) {
            if (part.isBlank()) continue;
            int eq = part.indexOf('=');
            if (eq < 0) throw new IllegalArgumentException("expected KIND=COUNT (loops, blackholes, waypoints), got '" + part + "'");
            String kind = part.substring(0, eq).strip();
            int count;
            try {
                count = Integer.parseInt(part.substring(eq + 1).strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected a count after " + kind + "=, got '" + part.substring(eq + 1) + "'");
            }
            if (count < 0) throw new IllegalArgumentException("expected a count of at least 0 for " + kind + ", got " + count);
            switch (kind) {
                case "loops" -> loops = count;
                case "blackholes" -> blackholes = count;
                case "waypoints" -> waypoints = count;
                default -> throw new IllegalArgumentException("unknown fault kind '" + kind + "' (expected loops, blackholes, waypoints)");
            }
        }
        return new FaultPlan(loops, blackholes, waypoints);
    }
}
