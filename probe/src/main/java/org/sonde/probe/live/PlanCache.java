package org.sonde.probe.live;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.sonde.core.BadInputException;
import org.sonde.probe.plan.Plan;
import org.sonde.probe.plan.PlanJson;
import org.sonde.probe.topology.Topology;

/**
 * An agent's cached plan (dissertation §3.5: the controller re-plans every 30 minutes and agents
 * reload their plan file periodically). {@link #refresh} reads the file again and takes the plan
 * when its text changed; a plan that no longer loads (missing, truncated, malformed, or naming
 * agents the testbed lacks) leaves the cached one in force and is recorded, so a controller's bad
 * write never stops the probing. The first load must succeed.
 */
public final class PlanCache {
    private final Path file;
    private final Topology topology;
    private final List<String> rejected = new ArrayList<>();
    private PlanJson.Loaded current;
    /** The text last read, null when the file could not be read then. */
    private String text;
    private int reloads;

    /** Loads {@code file}; a plan that does not load is bad input, as for {@code sonde probe agent --plan}. */
    public PlanCache(Path file, Topology topology) {
        this.file = file;
        this.topology = topology;
        this.current = PlanJson.read(file, topology);
        LiveRun.check(current.plan(), topology);
        this.text = read();
    }

    /** Reads the plan file again; returns whether a new plan is now in force. */
    public boolean refresh() {
        String now = read();
        if (Objects.equals(now, text)) return false;
        text = now;
        if (now == null) {
            rejected.add(file + ": cannot be read; the cached plan stays in force");
            return false;
        }
        try {
            PlanJson.Loaded l = PlanJson.parse(now, file.toString(), topology);
            LiveRun.check(l.plan(), topology);
            current = l;
            reloads++;
            return true;
        } catch (BadInputException e) {
            rejected.add(e.getMessage() + "; the cached plan stays in force");
            return false;
        }
    }

    /** The plan in force. */
    public Plan plan() {
        return current.plan();
    }

    /** The plan in force with the limits it was made for. */
    public PlanJson.Loaded loaded() {
        return current;
    }

    /** New plans taken since the first load. */
    public int reloads() {
        return reloads;
    }

    /** Why each rejected reload was rejected, in order. */
    public List<String> rejected() {
        return List.copyOf(rejected);
    }

    private String read() {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }
}
