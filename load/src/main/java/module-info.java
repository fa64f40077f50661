/** dperf: layer-4 load generation on the kernel's sockets or Sonde's user-space TCP, and an nftables load balancer to test. */
module org.sonde.load {
    requires transitive org.sonde.report;
    requires transitive org.sonde.netio;
    requires HdrHistogram;
    requires java.management;   // the workers' CPU time

    exports org.sonde.load.config;
    exports org.sonde.load.engine;
    exports org.sonde.load.lb;
    exports org.sonde.load.report;
    exports org.sonde.load.stats;
}
