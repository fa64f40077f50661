package org.sonde.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The launcher script {@code ./sonde} and its AOT cache, run on a copy of the script beside a small
 * stand-in jar: its {@code Main} prints its arguments and the JVM options it was started with, its
 * {@code AotTraining} exits with the code the test asks for. The jar and its lib directory are there and
 * no source is newer, so the launcher builds nothing.
 */
class LauncherTest {
    private static final String MAKING = "making the start-up cache";

    @TempDir
    Path root;

    private Path jar;
    private Path cache;

    @BeforeEach
    void standIn() throws IOException {
        Path repo = Path.of("..").toAbsolutePath().normalize();
        Files.createDirectories(root.resolve("scripts"));
        Files.copy(repo.resolve("sonde"), root.resolve("sonde"));
        Files.copy(repo.resolve("scripts/jdk.sh"), root.resolve("scripts/jdk.sh"));
        Path target = Files.createDirectories(root.resolve("cli/target"));
        Files.createDirectories(target.resolve("lib"));
        jar = target.resolve("sonde.jar");
        writeJar(jar, Files.createTempDirectory(root, "classes"));
        String release = Files.readString(Path.of(System.getProperty("java.home"), "release"));
        String version = release.lines().filter(l -> l.startsWith("JAVA_RUNTIME_VERSION=")).findFirst().orElseThrow()
                .replaceFirst("^[^=]*=\"?", "").replaceFirst("\"$", "").replaceAll("[^A-Za-z0-9.]", "_");
        cache = target.resolve("sonde-" + version + ".aot");
    }

    @Test
    void theCacheIsMadeOnceAndUsedByLaterRuns() throws Exception {
        Run first = launch("--version");
        assertThat(first.code()).isZero();
        assertThat(first.out()).contains("main --version");
        assertThat(first.err()).contains(MAKING);
        assertThat(cache).isNotEmptyFile();
        FileTime made = Files.getLastModifiedTime(cache);

        Run second = launch("sim", "run");
        assertThat(second.code()).isZero();
        assertThat(second.out()).contains("main sim run").contains("-XX:AOTCache=" + cache);
        assertThat(second.err()).isEmpty();
        assertThat(Files.getLastModifiedTime(cache)).isEqualTo(made);
        try (Stream<Path> files = Files.list(cache.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp") || n.endsWith(".config"));
        }
    }

    @Test
    void verifyAloneRunsWithItsHeapInTransparentHugePages() throws Exception {
        Map<String, String> noCache = Map.of("SONDE_AOT_CACHE", "0");
        Path mode = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
        // where the kernel has them off the JVM would warn on every run: then the launcher asks for none
        boolean kernelHasThem = Files.isReadable(mode) && Files.readString(mode).matches("(?s).*\\[(always|madvise)\\].*");
        Run verify = launch(noCache, "--debug", "verify", "watch");
        assertThat(verify.code()).isZero();
        assertThat(verify.out()).contains("main --debug verify watch");
        if (kernelHasThem) assertThat(verify.out()).contains("-XX:+UseTransparentHugePages");
        else assertThat(verify.out()).doesNotContain("TransparentHugePages");
        assertThat(verify.err()).isEmpty();
        Run sim = launch(noCache, "sim", "verify");
        assertThat(sim.code()).isZero();
        assertThat(sim.out()).contains("main sim verify").doesNotContain("TransparentHugePages");
    }

    @Test
    void aCacheOlderThanTheJarIsNotUsedButMadeAgain() throws Exception {
        assertThat(launch("--version").err()).contains(MAKING);
        Files.setLastModifiedTime(cache, FileTime.from(Instant.now().minusSeconds(3600)));
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));

        Run run = launch("--version");
        assertThat(run.code()).isZero();
        assertThat(run.err()).contains(MAKING);
        assertThat(Files.getLastModifiedTime(cache).toInstant()).isAfter(Files.getLastModifiedTime(jar).toInstant());
        assertThat(run.out()).contains("-XX:AOTCache=" + cache);
    }

    @Test
    void anotherJdksCacheIsNotUsedAndABrokenOneIsIgnoredSilently() throws Exception {
        Path other = cache.resolveSibling("sonde-17.0.2_8.aot");
        Files.writeString(other, "a cache of another JDK");
        // this JDK's name but not a cache this JVM can map (another build of the same version, a torn file)
        Files.writeString(cache, "not a cache");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));

        Run run = launch("--version");
        assertThat(run.code()).isZero();
        assertThat(run.out()).contains("main --version").doesNotContain(other.toString());
        assertThat(run.err()).isEmpty();
    }

    @Test
    void aFailedTrainingLeavesNoCacheIsNotRetriedAndTheCommandStillRuns() throws Exception {
        Run first = launch(Map.of("TRAINING_EXIT", "3"), "--version");
        assertThat(first.code()).isZero();
        assertThat(first.out()).contains("main --version").doesNotContain("-XX:AOTCache");
        assertThat(first.err()).contains(MAKING);
        assertThat(cache).doesNotExist();

        Run second = launch(Map.of("TRAINING_EXIT", "3"), "--version");
        assertThat(second.code()).isZero();
        assertThat(second.out()).contains("main --version").doesNotContain("-XX:AOTCache");
        assertThat(second.err()).isEmpty();
    }

    @Test
    void withTheCacheTurnedOffNoneIsMadeOrUsed() throws Exception {
        Run run = launch(Map.of("SONDE_AOT_CACHE", "0"), "--version");
        assertThat(run.code()).isZero();
        assertThat(run.out()).contains("main --version").doesNotContain("-XX:AOTCache");
        assertThat(run.err()).isEmpty();
        assertThat(cache).doesNotExist();
    }

    @Test
    void launchersStartingTogetherMakeTheCacheOnceAndAllRun() throws Exception {
        List<Started> started = new ArrayList<>();
        for (int i = 0; i < 4; i++) started.add(start(Map.of(), "run" + i));
        int making = 0;
        for (int i = 0; i < started.size(); i++) {
            Run run = finish(started.get(i));
            assertThat(run.code()).isZero();
            assertThat(run.out()).contains("main run" + i);
            if (run.err().contains(MAKING)) making++;
        }
        assertThat(making).isEqualTo(1);
        assertThat(cache).isNotEmptyFile();
    }

    private record Run(int code, String out, String err) {}

    private Run launch(String... args) throws Exception {
        return launch(Map.of(), args);
    }

    private Run launch(Map<String, String> env, String... args) throws Exception {
        return finish(start(env, args));
    }

    /** A launcher started, with the files its output goes to. */
    private record Started(Process process, Path out, Path err) {}

    private Started start(Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("bash", root.resolve("sonde").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("TMPDIR", root.toString()); // the build lock of this root, in a place of its own
        pb.environment().remove("SONDE_JAVA_OPTS");
        pb.environment().remove("SONDE_REBUILD");
        pb.environment().putAll(env);
        Path out = Files.createTempFile(root, "out", ".txt");
        Path err = Files.createTempFile(root, "err", ".txt");
        pb.redirectOutput(out.toFile());
        pb.redirectError(err.toFile());
        return new Started(pb.start(), out, err);
    }

    private static Run finish(Started s) throws Exception {
        assertThat(s.process().waitFor(2, TimeUnit.MINUTES)).as("the launcher finishes").isTrue();
        return new Run(s.process().exitValue(), Files.readString(s.out()), Files.readString(s.err()));
    }

    /** Compiles the stand-in {@code Main} and {@code AotTraining} into {@code jar}. */
    private static void writeJar(Path jar, Path work) throws IOException {
        Path src = Files.createDirectories(work.resolve("org/sonde/cli"));
        Files.writeString(src.resolve("Main.java"), """
                package org.sonde.cli;
                public final class Main {
                    public static void main(String[] args) {
                        System.out.println("main " + String.join(" ", args));
                        System.out.println(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
                    }
                }
                """);
        Files.writeString(src.resolve("AotTraining.java"), """
                package org.sonde.cli;
                public final class AotTraining {
                    public static void main(String[] args) {
                        Main.main(new String[] {"--version"});
                        System.exit(Integer.parseInt(System.getenv().getOrDefault("TRAINING_EXIT", "0")));
                    }
                }
                """);
        int code = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", work.toString(),
                src.resolve("Main.java").toString(), src.resolve("AotTraining.java").toString());
        assertThat(code).as("javac").isZero();
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            for (String name : List.of("Main", "AotTraining")) {
                out.putNextEntry(new JarEntry("org/sonde/cli/" + name + ".class"));
                out.write(Files.readAllBytes(src.resolve(name + ".class")));
                out.closeEntry();
            }
        }
    }
}
