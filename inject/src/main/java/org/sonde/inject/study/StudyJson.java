package org.sonde.inject.study;

import java.nio.file.Path;
import org.sonde.core.AtomicFiles;
import org.sonde.core.Json;

/** {@code study.json}: the study's result records as they are, with the overall verdict first. */
public final class StudyJson {
    private StudyJson() {}

    public static void write(StudyResult result, Path file) {
        AtomicFiles.write(file, out -> Json.mapper().writeValue(out, new Document(result.pass(), result)));
    }

    public static String toJson(StudyResult result) {
        try {
            return Json.mapper().writeValueAsString(new Document(result.pass(), result));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("study result not serialisable: " + e.getMessage(), e);
        }
    }

    private record Document(boolean pass, StudyResult study) {
    }
}
