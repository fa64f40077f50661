/**
 * An injection test as data: {@link org.sonde.inject.config.TestConfig} (traffic, RoCE parameters,
 * event intents, mirroring) read from Lumina-compatible YAML by
 * {@link org.sonde.inject.config.TestConfigLoader} and written back by
 * {@link org.sonde.inject.config.TestConfigWriter}; the capture metadata file that describes a
 * trace's QPs for a later analysis.
 */
package org.sonde.inject.config;
