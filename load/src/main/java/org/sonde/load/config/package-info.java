/**
 * dperf's configuration files: {@link org.sonde.load.config.ConfigParser} reads one into a
 * {@link org.sonde.load.config.LoadConfig} with dperf's defaults and checks (a keyword's arguments,
 * then the rules across keywords), and every error names the file, the line and the keyword, with a
 * hint. Which keywords there are and how each engine treats the DPDK ones (taken by the user-space
 * engine, or rejected with that engine's reason and what to write instead) is data here too, listed
 * by {@code sonde load keywords}:
 *
 * <pre>{@code
 * ConfigParser.Parsed parsed = ConfigParser.parse(Path.of("client.conf"));  // BadInputException: "client.conf: line 4: ..."
 * parsed.warnings().forEach(System.err::println);                           // accepted keywords that have no effect here
 * LoadResult result = LoadRun.prepare(parsed.config(), 1).run(second -> {});
 * ConfigParser.manual().forEach(System.out::println);                       // every keyword, its syntax and meaning
 * }</pre>
 */
package org.sonde.load.config;
