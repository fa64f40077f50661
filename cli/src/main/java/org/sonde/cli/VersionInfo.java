package org.sonde.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** Version of the build, and the git commit given by the launcher (-Dsonde.commit). */
final class VersionInfo implements CommandLine.IVersionProvider {
    public static String version() {
        Properties p = new Properties();
        try (InputStream in = VersionInfo.class.getResourceAsStream("version.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version", "unknown");
    }

    public static String commit() {
        String c = System.getProperty("sonde.commit", "");
        return c.isBlank() ? "unknown (not run through ./sonde in a git checkout)" : c;
    }

    @Override
    public String[] getVersion() {
        return new String[] {
                "sonde " + version(),
                "commit " + commit(),
                "java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ")"
        };
    }
}
