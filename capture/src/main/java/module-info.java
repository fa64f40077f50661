/** pcap and pcapng reading and writing, and the inspection of a capture; both packages are API. */
module org.sonde.capture {
    requires transitive org.sonde.packet;
    requires transitive org.sonde.report;

    exports org.sonde.capture;
    exports org.sonde.capture.inspect;
    // the inspection's JSON is Jackson's reading of its records, some of them package-private
    opens org.sonde.capture.inspect to com.fasterxml.jackson.databind;
}
