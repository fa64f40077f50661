/** DETER: record a TCP connection's inputs, replay it deterministically, and diagnose its delays. */
module org.sonde.replay {
    requires transitive org.sonde.sim;
    requires org.sonde.report;
    requires it.unimi.dsi.fastutil.core;
    requires com.github.luben.zstd_jni;
    requires org.sonde.netio;

    exports org.sonde.replay.connection;
    exports org.sonde.replay.diagnose;
    exports org.sonde.replay.linux;
    exports org.sonde.replay.queues;
    exports org.sonde.replay.recording;
    // summaries and replay checks are Jackson's reading of records, some package-private
    opens org.sonde.replay.connection to com.fasterxml.jackson.databind;
    opens org.sonde.replay.recording to com.fasterxml.jackson.databind;
    opens org.sonde.replay.linux to com.fasterxml.jackson.databind;
}
