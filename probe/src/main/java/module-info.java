/** NetSonar: probe plans that cover every link of a multipath network, live probing and localisation. */
module org.sonde.probe {
    requires transitive org.sonde.dataplane;
    requires transitive org.sonde.sim;
    requires org.sonde.netio;
    requires java.xml;   // plans in the XML form of Fig. 3.9

    exports org.sonde.probe.cover;
    exports org.sonde.probe.live;
    exports org.sonde.probe.localize;
    exports org.sonde.probe.plan;
    exports org.sonde.probe.report;
    exports org.sonde.probe.sim;
    exports org.sonde.probe.topology;
}
