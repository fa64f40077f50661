/**
 * Configuration input: YAML read into a tree that remembers lines ({@link org.sonde.core.config.YamlTree}),
 * maps whose unknown keys are errors ({@link org.sonde.core.config.ConfigMap}), quantities with units
 * ({@link org.sonde.core.config.Units}) and random distributions
 * ({@link org.sonde.core.config.Distribution}); every YAML reader of Sonde goes through them, so an
 * error names the file, the line and the key.
 */
package org.sonde.core.config;
