/**
 * What every module shares: errors meant for the user and their exit codes, JSON, and files read
 * and written safely.
 *
 * <p>{@link org.sonde.core.SondeException} is the base of every user-facing error:
 * {@link org.sonde.core.UsageException} (exit 2), {@link org.sonde.core.BadInputException} (exit 3,
 * naming the file, the place in it and a hint) and {@link org.sonde.core.EnvironmentException}
 * (exit 4). Code below the command line throws these and never prints or exits; the CLI turns them
 * into a message and an {@link org.sonde.core.ExitCode}.
 *
 * <pre>{@code
 * String text = InputFiles.readUtf8(path, "scenario", "see examples/sim/README.md");  // a bad byte: BadInputException at its offset
 * try (OutputDirectory out = OutputDirectory.create(dir, "--out")) {
 *     AtomicFiles.write(out.path().resolve("result.json"), o -> Json.mapper().writeValue(o, result));
 *     out.commit();                                 // the directory appears whole, or not at all
 * }
 * }</pre>
 */
package org.sonde.core;
