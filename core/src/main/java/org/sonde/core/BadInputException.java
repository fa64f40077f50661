package org.sonde.core;

/**
 * An input is malformed. The message names the source (a file, "packet", a configuration key),
 * the location inside it (byte offset, line, field) and what was expected there.
 */
public class BadInputException extends SondeException {
    private final String source;
    private final String location;
    private final String problem;

    public BadInputException(String source, String location, String problem) {
        this(source, location, problem, null, null);
    }

    public BadInputException(String source, String location, String problem, String hint, Throwable cause) {
        super(format(source, location, problem), hint, cause);
        this.source = source;
        this.location = location;
        this.problem = problem;
    }

    private static String format(String source, String location, String problem) {
        StringBuilder sb = new StringBuilder();
        if (source != null && !source.isEmpty()) sb.append(source).append(": ");
        if (location != null && !location.isEmpty()) sb.append(location).append(": ");
        return sb.append(problem).toString();
    }

    /** The file or other source of the bad input, e.g. {@code trace.pcap}. */
    public String source() {
        return source;
    }

    /** Where in the source, e.g. {@code byte offset 4096 (record 17)} or {@code line 12}. */
    public String location() {
        return location;
    }

    /** What is wrong, without source and location. */
    public String problem() {
        return problem;
    }

    @Override
    public ExitCode exitCode() {
        return ExitCode.BAD_INPUT;
    }
}
