package org.sonde.inject.tcp.study;

import java.nio.file.Path;
import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;

/** {@code study.json}: the overall verdict, the plan, every run and the medians; times in nanoseconds. */
public final class TcpStudyJson {
    private TcpStudyJson() {}

    public static void write(TcpStudyResult result, Path file) {
        AtomicFiles.write(file, out -> Json.mapper().writerWithDefaultPrettyPrinter().writeValue(out, new Document(result.pass(), result)));
    }

    public static String toJson(TcpStudyResult result) {
        try {
            return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(new Document(result.pass(), result)) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("study result not serialisable: " + e.getMessage(), e);
        }
    }

    private record Document(boolean pass, TcpStudyResult study) {}
}
