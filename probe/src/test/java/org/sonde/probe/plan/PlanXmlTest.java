package org.sonde.probe.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.sonde.probe.topology.Generators;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class PlanXmlTest {
    @Test
    void onePeerPerTupleInFig39sForm() throws Exception {
        Plan plan = Planner.plan(Generators.fatTree(4), PlanOptions.defaults(1));
        Plan.AgentPlan a = plan.agents().stream().filter(x -> !x.targets().isEmpty()).findFirst().orElseThrow();
        String xml = PlanXml.text(a, plan.roundMillis(), "global");
        Document d = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        Element root = d.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("Testlist");
        assertThat(root.getAttribute("server")).isEqualTo(a.agent());
        NodeList peers = root.getElementsByTagName("Peer");
        assertThat(peers.getLength()).isEqualTo(a.probes());
        Element first = (Element) peers.item(0);
        Plan.Target t = a.targets().getFirst();
        Tuple u = t.tuples().getFirst();
        assertThat(first.getAttribute("uri")).isEqualTo("test://" + t.agent() + ":" + u.destinationPort() + ":" + u.sourcePort());
        assertThat(first.getAttribute("physicalIP")).isEqualTo(t.address());
        assertThat(first.getAttribute("interval")).isEqualTo(String.valueOf(plan.roundMillis()));
        assertThat(PlanXml.text(new Plan.AgentPlan("a<&\"", "1", java.util.List.of()), 1, "x")).contains("server=\"a&lt;&amp;&quot;\"");
    }
}
