package org.sonde.dataplane.io.hassel;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clipAscii;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.dataplane.io.text.Line;
import org.sonde.dataplane.io.text.Text;

/**
 * hassel's {@code port_map.txt}: {@code $router} lines, each followed by {@code interface:port}
 * lines. Port numbers are {@code router_index*100000 + k}, so each router has one index. Public
 * because the raw Internet2 files number their ports with a port map of this format too.
 */
public record PortMapText(List<String> routers, Map<String, Integer> indexByRouter, Map<Integer, String> routerByIndex,
                   Map<Integer, MappedPort> portsById) {
    /** Router index = port id / this. */
    static final int ROUTER_STRIDE = 100_000;

    /** One {@code interface:port} line; {@code line} is its 1-based line number. */
    public record MappedPort(int id, String router, String name, int line) {}

    public static PortMapText parse(String file, String text) {
        List<String> routers = new ArrayList<>();
        Map<String, Integer> indexByRouter = new HashMap<>();
        Map<Integer, String> routerByIndex = new HashMap<>();
        Map<Integer, MappedPort> ports = new LinkedHashMap<>();
        Map<String, Integer> namesSeen = new HashMap<>();
        String router = null;
        for (Line l : Text.nonBlankLines(text)) {
            int line = l.number();
            String s = l.body();
            if (s.startsWith("$")) {
                router = s.substring(1);
                if (router.isEmpty()) throw bad(file, line, "expected a router name after '$'");
                if (indexByRouter.containsKey(router)) throw bad(file, line, "router " + router + " appears twice");
                routers.add(router);
                indexByRouter.put(router, -1);
                continue;
            }
            if (router == null) throw bad(file, line, "expected a \"$router\" line before the first port");
            int colon = s.lastIndexOf(':');
            if (colon <= 0) throw bad(file, line, "expected \"interface:port\", got \"" + clipAscii(s) + "\"");
            String name = s.substring(0, colon);
            int id = TfText.number(file, line, "port", s.substring(colon + 1));
            int index = id / ROUTER_STRIDE;
            int known = indexByRouter.get(router);
            if (known == -1) {
                String other = routerByIndex.putIfAbsent(index, router);
                if (other != null) throw bad(file, line, "port " + id + " of " + router + " has the router index " + index + " of " + other);
                indexByRouter.put(router, index);
            } else if (known != index) {
                throw bad(file, line, "port " + id + " of " + router + " is not in the router's range " + known * ROUTER_STRIDE + "..");
            }
            if (id % ROUTER_STRIDE == 0) throw bad(file, line, "port " + id + " is the router's engine id, not an interface");
            if (ports.putIfAbsent(id, new MappedPort(id, router, name, line)) != null) throw bad(file, line, "port " + id + " appears twice");
            if (namesSeen.putIfAbsent(router + ":" + name, id) != null) throw bad(file, line, "interface " + name + " of " + router + " appears twice");
        }
        if (routers.isEmpty()) throw bad(file, 1, "expected at least one \"$router\" line");
        return new PortMapText(List.copyOf(routers), Map.copyOf(indexByRouter), Map.copyOf(routerByIndex), java.util.Collections.unmodifiableMap(ports));
    }
}
