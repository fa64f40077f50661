/** Lumina: deterministic event injection into RDMA and TCP stacks (simulated NICs, Linux TCP), mirroring and analyzers. */
module org.sonde.inject {
    requires transitive org.sonde.sim;
    requires transitive org.sonde.netio;
    requires it.unimi.dsi.fastutil.core;
    requires java.management;   // the injector thread's CPU time

    exports org.sonde.inject;
    exports org.sonde.inject.analyze;
    exports org.sonde.inject.config;
    exports org.sonde.inject.fuzz;
    exports org.sonde.inject.offline;
    exports org.sonde.inject.report;
    exports org.sonde.inject.study;
    exports org.sonde.inject.tcp;
    exports org.sonde.inject.tcp.analyze;
    exports org.sonde.inject.tcp.diff;
    exports org.sonde.inject.tcp.fuzz;
    exports org.sonde.inject.tcp.linux;
    exports org.sonde.inject.tcp.report;
    exports org.sonde.inject.tcp.study;
    exports org.sonde.inject.testbed;
    // results and corpora are Jackson's reading and writing of records, some package-private
    opens org.sonde.inject to com.fasterxml.jackson.databind;
    opens org.sonde.inject.model to com.fasterxml.jackson.databind;
    opens org.sonde.inject.fuzz to com.fasterxml.jackson.databind;
    opens org.sonde.inject.study to com.fasterxml.jackson.databind;
    opens org.sonde.inject.tcp to com.fasterxml.jackson.databind;
    opens org.sonde.inject.tcp.fuzz to com.fasterxml.jackson.databind;
    opens org.sonde.inject.tcp.study to com.fasterxml.jackson.databind;
}
