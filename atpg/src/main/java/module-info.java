/** ATPG: test packet generation over a data-plane model, fault localisation, and live runs on namespaces. */
module org.sonde.atpg {
    requires transitive org.sonde.dataplane;
    requires transitive org.sonde.capture;
    requires org.sonde.netio;
    requires it.unimi.dsi.fastutil.core;

    exports org.sonde.atpg;
    exports org.sonde.atpg.live;
    exports org.sonde.atpg.report;
    // suites and results are Jackson's reading and writing of records
    opens org.sonde.atpg to com.fasterxml.jackson.databind;
    opens org.sonde.atpg.live to com.fasterxml.jackson.databind;
}
