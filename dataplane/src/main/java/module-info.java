/**
 * The network model, its importers and reachability. Exported: the model, the importers' registry
 * ({@code io}) and JSON form ({@code io.json}), and reachability ({@code reach}); the header space
 * algebra ({@code hsa}), the per-format importers and their shared text parsing are internal. The
 * reachability report ({@code report}) is drawn with the {@code report} module.
 */
module org.sonde.dataplane {
    requires transitive org.sonde.packet;
    requires it.unimi.dsi.fastutil.core;
    requires transitive org.sonde.report;   // the report is an HtmlReport
    requires java.xml;   // Junos interfaces come as XML

    exports org.sonde.dataplane.io;
    exports org.sonde.dataplane.io.json;
    exports org.sonde.dataplane.model;
    exports org.sonde.dataplane.reach;
    exports org.sonde.dataplane.report;
    // the model's JSON and the reachability result are Jackson's reading of records, some package-private
    opens org.sonde.dataplane.io.json to com.fasterxml.jackson.databind;
    opens org.sonde.dataplane.reach to com.fasterxml.jackson.databind;
    opens org.sonde.dataplane.report to com.fasterxml.jackson.databind;
}
