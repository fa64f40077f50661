package org.sonde.core;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BadInputExceptionTest {
    @Test
    void messageNamesSourceLocationAndProblem() {
        BadInputException e = new BadInputException("trace.pcap", "byte offset 24 (record 1)", "record length 3 is too short");
        assertThat(e.getMessage()).isEqualTo("trace.pcap: byte offset 24 (record 1): record length 3 is too short");
        assertThat(e.exitCode()).isEqualTo(ExitCode.BAD_INPUT);
        assertThat(e.problem()).isEqualTo("record length 3 is too short");
    }

    @Test
    void missingPartsAreLeftOut() {
        assertThat(new BadInputException(null, "", "empty file").getMessage()).isEqualTo("empty file");
        assertThat(new BadInputException("a.yaml", null, "unknown key 'x'").getMessage()).isEqualTo("a.yaml: unknown key 'x'");
    }

    @Test
    void exitCodesAreDistinct() {
        assertThat(java.util.Arrays.stream(ExitCode.values()).map(ExitCode::code).distinct().count())
                .isEqualTo(ExitCode.values().length);
        assertThat(new UsageException("x").exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(new EnvironmentException("x", null).exitCode()).isEqualTo(ExitCode.ENVIRONMENT);
    }
}
