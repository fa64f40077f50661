/** The deterministic network simulator; every package is used by the capabilities built on it, so all are exported. */
module org.sonde.sim {
    requires transitive org.sonde.capture;
    requires it.unimi.dsi.fastutil.core;
    requires com.fasterxml.jackson.dataformat.yaml;

    exports org.sonde.sim.kernel;
    exports org.sonde.sim.net;
    exports org.sonde.sim.rdma;
    exports org.sonde.sim.report;
    exports org.sonde.sim.scenario;
    exports org.sonde.sim.stats;
    exports org.sonde.sim.tcp;
    exports org.sonde.sim.traffic;
}
