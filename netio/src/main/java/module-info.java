/** Linux I/O through the FFM API; the system calls themselves ({@code Sys}) are package-private. */
module org.sonde.netio {
    requires transitive org.sonde.core;

    exports org.sonde.netio;
}
