/** Sonde's foundation of errors, JSON, files and configuration; every package is API. */
module org.sonde.core {
    // Json.mapper() hands out Jackson's ObjectMapper, so readers of core read Jackson too
    requires transitive com.fasterxml.jackson.databind;
    requires com.fasterxml.jackson.dataformat.yaml;
    requires org.yaml.snakeyaml;   // YamlTree maps SnakeYAML's marks to lines

    exports org.sonde.core;
    exports org.sonde.core.config;
}
