package org.sonde.probe.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sonde.core.BadInputException;
import org.sonde.core.InputFiles;
import org.sonde.core.Json;
import org.sonde.core.OutputDirectory;
import org.sonde.core.AtomicFiles;
import org.sonde.probe.topology.Agent;
import org.sonde.probe.topology.Topology;

/**
 * Plans as JSON: the whole plan ({@code plan.json}) and each agent's part ({@code agents/NAME.json},
 * what an agent downloads, and {@code agents/NAME.xml} in the form of Fig. 3.9, {@link PlanXml}). Reading validates everything and names the place of the first
 * problem ({@code agents[2].targets[0].tuples[3].sourcePort}): unknown fields and agents, an agent
 * probing itself, malformed or repeated tuples, and rates above the plan's limits.
 *
 * <pre>{@code
 * {"format": "sonde-probe-plan", "version": 1, "roundMillis": 3000,
 *  "limits": {"agentProbesPerSecond": 100, "routerProbesPerSecond": 0},
 *  "agents": [{"agent": "h0", "address": "10.0.0.1",
 *              "targets": [{"agent": "h5", "address": "10.0.0.6",
 *                           "tuples": [{"sourcePort": 40001, "destinationPort": 80}]}]}]}
 * }</pre>
 */
public final class PlanJson {
    public static final String FORMAT = "sonde-probe-plan";
    public static final String PLAN_FILE = "plan.json";
    public static final String AGENTS_DIR = "agents";

    private PlanJson() {}

    public static Map<String, Object> toMap(Plan plan, Limits limits) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", FORMAT);
        m.put("version", 1);
        m.put("roundMillis", plan.roundMillis());
        // an ordered map: Map.of's iteration order changes from one JVM to the next, and so would the file's bytes
        Map<String, Object> limitsMap = new LinkedHashMap<>();
        limitsMap.put("agentProbesPerSecond", limits.agentProbesPerSecond());
        limitsMap.put("routerProbesPerSecond", limits.routerProbesPerSecond());
        m.put("limits", limitsMap);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("pairs", plan.pairs());
        summary.put("probesPerRound", plan.probesPerRound());
        summary.put("maxRouterProbesPerRound", Math.round(plan.maxRouterProbes() * 10) / 10.0);
        summary.put("coveredLinks", plan.coveredLinks());
        summary.put("reachableLinks", plan.reachableLinks());
        summary.put("links", plan.links());
        m.put("summary", summary);
        List<Object> agents = new ArrayList<>();
        for (Plan.AgentPlan a : plan.agents()) agents.add(agent(a));
        m.put("agents", agents);
        return m;
    }

    private static Map<String, Object> agent(Plan.AgentPlan a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("agent", a.agent());
        m.put("address", a.address());
        List<Object> targets = new ArrayList<>();
        for (Plan.Target t : a.targets()) {
            Map<String, Object> tm = new LinkedHashMap<>();
            tm.put("agent", t.agent());
            tm.put("address", t.address());
            List<Object> tuples = new ArrayList<>();
            for (Tuple u : t.tuples()) {
                // Map.of's order changes from one JVM to the next: a plan written twice must be the same bytes
                Map<String, Object> tuple = new LinkedHashMap<>();
                tuple.put("sourcePort", u.sourcePort());
                tuple.put("destinationPort", u.destinationPort());
                tuples.add(tuple);
            }
            tm.put("tuples", tuples);
            targets.add(tm);
        }
        m.put("targets", targets);
        return m;
    }

    public static String text(Plan plan, Limits limits) {
        try {
            return Json.mapper().writeValueAsString(toMap(plan, limits)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes {@code plan.json} and one file per agent (its targets, round and limits) into a staged directory. */
    public static void write(Plan plan, Limits limits, Path out, String option) {
        try (OutputDirectory dir = OutputDirectory.create(out, option)) {
            AtomicFiles.writeString(dir.path().resolve(PLAN_FILE), text(plan, limits));
            Path agents = dir.path().resolve(AGENTS_DIR);
            java.nio.file.Files.createDirectories(agents);
            for (Plan.AgentPlan a : plan.agents()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("format", FORMAT + "-agent");
                m.put("version", 1);
                m.put("roundMillis", plan.roundMillis());
                m.put("agentProbesPerSecond", limits.agentProbesPerSecond());
                m.putAll(agent(a));
                AtomicFiles.writeString(agents.resolve(a.agent() + ".json"), Json.mapper().writeValueAsString(m) + "\n");
                AtomicFiles.writeString(agents.resolve(a.agent() + ".xml"), PlanXml.text(a, plan.roundMillis(), "global"));
            }
            dir.commit();
        } catch (java.io.IOException e) {
            throw new org.sonde.core.EnvironmentException("cannot write the plan to " + out + ": " + e.getMessage(), null, e);
        }
    }

    /** A plan read back and validated; with {@code topology}, every agent must be one of its agents, and the router limit is checked on its paths. */
    public static Loaded read(Path file, Topology topology) {
        String text = InputFiles.readUtf8(file, "plan", "a plan.json written by sonde probe plan");
        return parse(text, file.toString(), topology);
    }

    /** A plan and the limits it was made for. */
    public record Loaded(Plan plan, Limits limits) {}

    public static Loaded parse(String text, String source, Topology topology) {
        JsonNode root;
        try {
            root = Json.mapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw Json.badInput(source, e, null);
        }
        Reader r = new Reader(source);
        r.object(root, "");
        r.fields(root, "", Set.of("format", "version", "roundMillis", "limits", "summary", "agents"));
        if (!FORMAT.equals(r.string(root, "", "format"))) throw r.bad("format", "expected \"" + FORMAT + "\"");
        if (r.integer(root, "", "version", 1, 1) != 1) throw r.bad("version", "expected 1");
        long round = r.integer(root, "", "roundMillis", 1, Long.MAX_VALUE);
        JsonNode lim = r.require(root, "", "limits");
        r.object(lim, "limits");
        r.fields(lim, "limits", Set.of("agentProbesPerSecond", "routerProbesPerSecond"));
        Limits limits = new Limits(r.number(lim, "limits", "agentProbesPerSecond"), r.number(lim, "limits", "routerProbesPerSecond"));
        JsonNode agents = r.require(root, "", "agents");
        if (!agents.isArray()) throw r.bad("agents", "expected an array");
        List<Plan.AgentPlan> plans = new ArrayList<>();
        Set<String> seenAgents = new HashSet<>();
        int probes = 0;
        for (int i = 0; i < agents.size(); i++) {
            String at = "agents[" + i + "]";
            JsonNode a = agents.get(i);
            r.object(a, at);
            r.fields(a, at, Set.of("agent", "address", "targets"));
            String name = r.string(a, at, "agent");
            String address = r.string(a, at, "address");
            if (!seenAgents.add(name)) throw r.bad(at + ".agent", "agent " + name + " appears twice");
            if (topology != null && topology.agent(name) == null) throw r.bad(at + ".agent", "unknown agent " + name + " (not an agent of the topology)");
            JsonNode targets = r.require(a, at, "targets");
            if (!targets.isArray()) throw r.bad(at + ".targets", "expected an array");
            List<Plan.Target> ts = new ArrayList<>();
            Set<String> seenTargets = new HashSet<>();
            for (int j = 0; j < targets.size(); j++) {
                String tt = at + ".targets[" + j + "]";
                JsonNode t = targets.get(j);
                r.object(t, tt);
                r.fields(t, tt, Set.of("agent", "address", "tuples"));
                String target = r.string(t, tt, "agent");
                if (target.equals(name)) throw r.bad(tt + ".agent", "agent " + name + " probes itself");
                if (!seenTargets.add(target)) throw r.bad(tt + ".agent", "target " + target + " appears twice for agent " + name);
                if (topology != null && topology.agent(target) == null) throw r.bad(tt + ".agent", "unknown agent " + target + " (not an agent of the topology)");
                String targetAddress = r.string(t, tt, "address");
                JsonNode tuples = r.require(t, tt, "tuples");
                if (!tuples.isArray() || tuples.isEmpty()) throw r.bad(tt + ".tuples", "expected a non-empty array of {sourcePort, destinationPort}");
                List<Tuple> list = new ArrayList<>();
                Set<Tuple> seen = new HashSet<>();
                for (int k = 0; k < tuples.size(); k++) {
                    String ut = tt + ".tuples[" + k + "]";
                    JsonNode u = tuples.get(k);
                    r.object(u, ut);
                    r.fields(u, ut, Set.of("sourcePort", "destinationPort"));
                    Tuple tuple = new Tuple((int) r.integer(u, ut, "sourcePort", 1, 65535), (int) r.integer(u, ut, "destinationPort", 1, 65535));
                    if (!seen.add(tuple)) throw r.bad(ut, "tuple " + tuple.sourcePort() + " -> " + tuple.destinationPort() + " repeats an earlier one: it would take the same path");
                    list.add(tuple);
                }
                ts.add(new Plan.Target(target, targetAddress, list));
            }
            Plan.AgentPlan ap = new Plan.AgentPlan(name, address, ts);
            double rate = ap.probes() * 1000.0 / round;
            if (limits.agentProbesPerSecond() > 0 && rate > limits.agentProbesPerSecond() + 1e-9)
                throw r.bad(at, "agent %s sends %.1f probes/s (%d per %d ms round), above the limit of %s/s".formatted(name, rate, ap.probes(), round, limits.agentProbesPerSecond()));
            probes += ap.probes();
            plans.add(ap);
        }
        double maxRouter = 0;
        int covered = 0, reachable = 0, links = 0;
        if (topology != null) {
            Load load = load(topology, plans);
            maxRouter = load.maxRouterProbes;
            double rate = maxRouter * 1000.0 / round;
            if (limits.routerProbesPerSecond() > 0 && rate > limits.routerProbesPerSecond() + 1e-9)
                throw r.bad("roundMillis", "router %s would see %.1f probes/s, above the limit of %s/s".formatted(load.busiest, rate, limits.routerProbesPerSecond()));
            covered = load.covered;
            links = topology.links().size();
            reachable = load.reachable;
        }
        return new Loaded(new Plan(plans, round, probes, maxRouter, covered, reachable, links), limits);
    }

    private record Load(double maxRouterProbes, String busiest, int covered, int reachable) {}

    private static Load load(Topology topology, List<Plan.AgentPlan> plans) {
        org.sonde.probe.topology.Routes routes = new org.sonde.probe.topology.Routes(topology);
        double[] router = new double[topology.nodes().size()];
        boolean[] covered = new boolean[topology.links().size()];
        for (Plan.AgentPlan a : plans) {
            Agent src = topology.agent(a.agent());
            for (Plan.Target t : a.targets()) {
                var paths = routes.between(src, topology.agent(t.agent()));
                if (paths == null) continue;
                var tr = paths.traversal();
                for (int i = 0; i < tr.size(); i++) {
                    covered[tr.links()[i]] = true;
                    int to = topology.link(tr.links()[i]).to();
                    if (!topology.node(to).isHost()) router[to] += t.tuples().size() * tr.probability()[i];
                }
            }
        }
        int best = 0;
        for (int i = 0; i < router.length; i++) if (router[i] > router[best]) best = i;
        int c = 0;
        for (boolean b : covered) if (b) c++;
        boolean[] reach = new boolean[covered.length];
        for (Agent x : topology.agents())
            for (Agent y : topology.agents()) {
                if (x == y) continue;
                var p = routes.between(x, y);
                if (p != null) for (int l : p.traversal().links()) reach[l] = true;
            }
        int rc = 0;
        for (boolean b : reach) if (b) rc++;
        return new Load(router[best], topology.node(best).name(), c, rc);
    }

    /** Field readers that name the place of a problem. */
    private record Reader(String source) {
        BadInputException bad(String where, String problem) {
            return new BadInputException(source, where, problem);
        }

        private static String at(String path, String field) {
            return path.isEmpty() ? field : path + "." + field;
        }

        void object(JsonNode n, String where) {
            if (n == null || !n.isObject()) throw bad(where.isEmpty() ? "top level" : where, "expected an object");
        }

        void fields(JsonNode n, String where, Set<String> known) {
            n.fieldNames().forEachRemaining(f -> {
                if (!known.contains(f)) throw bad(at(where, f), "unknown field \"" + f + "\"; known fields: " + String.join(", ", known.stream().sorted().toList()));
            });
        }

        JsonNode require(JsonNode n, String where, String field) {
            JsonNode v = n.get(field);
            if (v == null || v.isNull()) throw bad(at(where, field), "missing");
            return v;
        }

        String string(JsonNode n, String where, String field) {
            JsonNode v = require(n, where, field);
            if (!v.isTextual() || v.asText().isBlank()) throw bad(at(where, field), "expected a non-empty string");
            return v.asText();
        }

        long integer(JsonNode n, String where, String field, long min, long max) {
            JsonNode v = require(n, where, field);
            if (!v.isIntegralNumber() || !v.canConvertToLong()) throw bad(at(where, field), "expected a whole number, got " + v);
            long x = v.asLong();
            if (x < min || x > max) throw bad(at(where, field), "expected " + min + ".." + max + ", got " + x);
            return x;
        }

        double number(JsonNode n, String where, String field) {
            JsonNode v = require(n, where, field);
            if (!v.isNumber() || v.asDouble() < 0 || Double.isInfinite(v.asDouble())) throw bad(at(where, field), "expected zero (no limit) or a positive number, got " + v);
            return v.asDouble();
        }
    }
}
