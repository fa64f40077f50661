package org.sonde.probe.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.sonde.core.BadInputException;

class EdgeListTest {
    private static final String GOOD = """
            # two sites, two LSPs
            router r1
            router r2
            router r3
            host h1 agent 10.0.0.1
            host h2 agent 10.0.0.2
            link h1 r1
            link r1 r2
            link r1 r3 weight 2
            arc r3 r2
            link r2 h2
            path h1 r1 r2 h2
            path h1 r1 r3 r2 h2 weight 3
            """;

    @Test
    void readsNodesLinksAgentsAndPaths() {
        Topology t = EdgeList.parse(GOOD, "net.txt");
        assertThat(t.nodes()).hasSize(5);
        assertThat(t.links()).extracting(Link::id).contains("r1->r3", "r3->r1", "r3->r2").doesNotContain("r2->r3");
        assertThat(t.link(t.linkIndex("r1->r3")).weight()).isEqualTo(2);
        assertThat(t.agents()).extracting(Agent::address).containsExactly("10.0.0.1", "10.0.0.2");
        assertThat(t.explicitPaths(t.nodeIndex("h1"), t.nodeIndex("h2"))).hasSize(2);
        PathSet p = new Routes(t).between(t.agent("h1"), t.agent("h2"));
        // the weight-3 LSP carries three quarters of the tuples
        int r1r3 = t.linkIndex("r1->r3");
        LinkProbabilities lp = p.traversal();
        for (int i = 0; i < lp.size(); i++) if (lp.links()[i] == r1r3) assertThat(lp.probability()[i]).isEqualTo(0.75);
        // the reverse pair has no LSP: ECMP shortest path
        assertThat(new Routes(t).between(t.agent("h2"), t.agent("h1"))).isInstanceOf(Dag.class);
    }

    private static void rejects(String text, String location, String message) {
        assertThatThrownBy(() -> EdgeList.parse(text, "net.txt"))
                .isInstanceOf(BadInputException.class)
                .satisfies(e -> {
                    BadInputException b = (BadInputException) e;
                    assertThat(b.source()).isEqualTo("net.txt");
                    assertThat(b.location()).isEqualTo(location);
                    assertThat(b.problem()).contains(message);
                });
    }

    @Test
    void errorsNameTheLine() {
        rejects("router r1\nlink r1 r9\n", "line 2", "unknown node r9");
        rejects("router r1\nrouter r1\n", "line 2", "declared twice");
        rejects("router r1\nlink r1 r1\n", "line 2", "to itself");
        rejects("router r1\nrouter r2\nlink r1 r2 weight -1\n", "line 3", "weight must be a positive number");
        rejects("router r1\nrouter r2\nlink r1 r2 heavy 2\n", "line 3", "expected 'link A B [weight W]'");
        rejects("swtich s1\n", "line 1", "unknown statement 'swtich'");
        rejects("host h1 agnet 1.2.3.4\n", "line 1", "expected 'host NAME' or 'host NAME agent ADDRESS'");
        rejects("router r1\nrouter r2\nhost h1 agent 1\nhost h2 agent 2\nlink h1 r1\nlink r2 h2\npath h1 r1 r2 h2\n", "line 7", "no link from r1 to r2");
        rejects("router r1\nhost h1 agent 1\n", "", "at least two agents");
        rejects("router r1\nhost h1 agent 1\nhost h2 agent 2\nrouter r1b\nhost r1c agent 3\n# ok so far\nhost h3\nrouter x agent 4\n", "line 8", "expected 'router NAME'");
    }
}
