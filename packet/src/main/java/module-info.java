/** Wire formats (views and builders) and synthetic traffic; both packages are API. */
module org.sonde.packet {
    requires transitive org.sonde.core;

    exports org.sonde.packet;
    exports org.sonde.packet.synth;
}
