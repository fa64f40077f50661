package org.sonde.dataplane.io;

import java.nio.file.Path;

/**
 * A format a network model is read from, as {@link ModelFormats} registers it.
 *
 * @param name     the format's name, as {@code --format} takes it
 * @param help     what the format's files are, for help texts
 * @param topology null when the format's files hold the links between devices; else what to give
 * @param loader   reads a model of this format
 */
public record ModelFormat(String name, String help, Topology topology, Loader loader) {
    /**
     * What a format that lacks links needs beside its files.
     *
     * @param why  why it needs a topology and what one may be, for messages
     * @param hint what to add, for a usage error that lacks one
     */
    public record Topology(String why, String hint) {}

    /** Reads a model from {@code path}; {@code topology} is null for formats that take none. */
    @FunctionalInterface
    public interface Loader {
        ModelSource.Loaded load(Path path, Path topology);
    }

    /** Whether the format needs a topology (and takes one). */
    public boolean needsTopology() {
        return topology != null;
    }
}
