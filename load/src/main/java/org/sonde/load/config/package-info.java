/**
 * dperf's configuration language, read into one value: {@link org.sonde.load.config.ConfigParser}
 * turns a dperf file (one {@code keyword args...} per line) into a {@link org.sonde.load.config.LoadConfig}
 * with dperf's defaults and cross-keyword rules applied, and rejects keywords that have no meaning
 * for the selected engine with the reason and what to write instead. Every error names the file,
 * the line and the keyword.
 *
 * <pre>{@code
 * ConfigParser.Parsed parsed = ConfigParser.parse(Path.of("client.conf"));
 * parsed.warnings().forEach(System.err::println);   // accepted keywords that have no effect here
 * LoadResult result = LoadRun.prepare(parsed.config(), 1).run(second -> {});
 * }</pre>
 */
package org.sonde.load.config;
