package org.sonde.probe.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.sonde.probe.localize.Diagnosis;
import org.sonde.probe.localize.ResultsCsv;
import org.sonde.probe.sim.Simulation;
import org.sonde.probe.sim.SimulationOptions;
import org.sonde.probe.topology.Generators;
import org.sonde.probe.topology.Topology;

class ProbeReportTest {
    private static final Topology FAT = Generators.fatTree(4);

    @Test
    void theLocalizeReportColoursLinksByTheirBadShareAndListsTheWorstPaths() {
        String csv = ResultsCsv.HEADER + "\n"
                + "1,h0,h2,40000,80,h0 edge0-0 agg0-0 edge0-1 h2,100,9,\n"
                + "1,h0,h2,40001,80,h0 edge0-0 agg0-1 edge0-1 h2,100,0,\n"
                + "1,h1,h3,40002,80,h1 edge0-0 agg0-0 edge0-1 h3,100,12,\n"
                + "1,h4,h6,40003,80,h4 edge1-0 agg1-0 edge1-1 h6,100,0,\n";
        Diagnosis.Result r = Diagnosis.localize(FAT, ResultsCsv.parse(csv, "r.csv", FAT), "r.csv", Diagnosis.Options.defaults());
        String html = ProbeReport.localize(r, "sonde probe localize --topology fattree:4").render();
        assertThat(html).contains("<svg", "Links by suspicion", "Loss per path", "is the top suspect");
        assertThat(html).contains("sonde probe localize --topology fattree:4");
        assertThat(html.indexOf("is the top suspect")).as("the verdict before the numbers").isLessThan(html.indexOf("bad agents set aside"));
        // both links on exactly the two bad paths: 2 of 2 bad, drawn as suspects; a link of a good path: 0 of its probes
        assertThat(html).contains("edge0-0-&gt;agg0-0: 2 of 2 probes bad; suspect #", "agg0-1-&gt;edge0-1: 0 of 1 probes bad",
                "core0-&gt;agg0-0: 0 of 0 probes bad");
        assertThat(html.indexOf("h1 edge0-0 agg0-0 edge0-1 h3")).isPositive().isLessThan(html.indexOf("h0 edge0-0 agg0-0 edge0-1 h2"));
    }

    @Test
    void theSimulateReportTablesAccuracyForEveryMethod() {
        String html = ProbeReport.simulate(Simulation.run(FAT, SimulationOptions.defaults(2).withTrials(20)), "sonde probe simulate --topology fattree:4").render();
        assertThat(html).contains("Accuracy by method", "sherlock (reported)", "tomography", "007", "netbouncer", "probes per round");
        // the command line under the title, as every report has it
        assertThat(html).contains("sonde probe simulate --topology fattree:4");
        assertThat(html.indexOf("sonde probe simulate --topology fattree:4")).isLessThan(html.indexOf("Accuracy by method"));
    }
}
