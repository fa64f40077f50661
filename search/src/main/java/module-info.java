/** Collie: search for workloads that throw an RDMA NIC (simulated or real) or the Linux TCP stack into a performance anomaly. */
module org.sonde.search {
    requires transitive org.sonde.report;
    requires commons.math3;
    requires org.sonde.load;

    exports org.sonde.search;
    exports org.sonde.search.app;
    exports org.sonde.search.mfs;
    exports org.sonde.search.report;
}
