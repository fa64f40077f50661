/**
 * The {@code sonde} command: {@link org.sonde.cli.Main} builds the picocli tree (only the branch the
 * arguments reach), maps a {@code SondeException} to its message and exit code, and holds what every
 * command family shares (option converters, progress on the terminal, report metadata) and the one
 * output convention: {@link org.sonde.cli.OutputOptions} ({@code --json FILE|-}, {@code --report FILE}),
 * {@code --out DIR}, durations with their unit ({@link org.sonde.cli.DurationOption}), and
 * {@link org.sonde.cli.OldForms}, the retired spellings refused with the new ones. Each command
 * family is a sub-package named after its word ({@code sim} for {@code sonde sim}).
 * {@link org.sonde.cli.AotTraining} is the training run of the launcher's ahead-of-time cache.
 */
package org.sonde.cli;
