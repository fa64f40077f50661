/** Self-contained HTML reports: sections, tables and SVG charts. */
module org.sonde.report {
    requires transitive org.sonde.core;

    exports org.sonde.report;
}
