package org.sonde.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The package step src/build/OldClassUpgrade.java on picocli's own jar: every class file comes out as Java 8 with
 * stack maps, the JVM's verifier accepts each one (loaded and linked in a fresh class loader), the rest of the jar
 * is unchanged, and the upgraded picocli still parses and prints help.
 */
class OldClassUpgradeTest {
    @TempDir
    Path dir;

    private static Map<String, byte[]> entries(Path jar) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (ZipFile z = new ZipFile(jar.toFile())) {
            for (ZipEntry e : Collections.list(z.entries())) {
                try (var in = z.getInputStream(e)) {
                    out.put(e.getName(), in.readAllBytes());
                }
            }
        }
        return out;
    }

    /** A builder method, public but declared by a package-private superclass, hence made accessible. */
    private static Object call(Object target, String name, Class<?> type, Object arg) throws ReflectiveOperationException {
        var m = type == null ? target.getClass().getMethod(name) : target.getClass().getMethod(name, type);
        m.setAccessible(true);
        return type == null ? m.invoke(target) : m.invoke(target, arg);
    }

    @Test
    void picocliComesOutAsVerifiedJava8ClassesAndStillWorks() throws Exception {
        Path original = Path.of(CommandLine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = Files.copy(original, dir.resolve("picocli.jar"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                Path.of("src/build/OldClassUpgrade.java").toString(), jar.toString(), "picocli/")
                .redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(log).isZero();

        Map<String, byte[]> before = entries(original), after = entries(jar);
        assertThat(after.keySet()).containsExactlyElementsOf(before.keySet());
        List<String> classes = new ArrayList<>();
        for (var e : before.entrySet()) {
            String name = e.getKey();
            if (!name.startsWith("picocli/") || !name.endsWith(".class")) {
                assertThat(after.get(name)).as(name).isEqualTo(e.getValue());
                continue;
            }
            var was = ClassFile.of().parse(e.getValue());
            var now = ClassFile.of().parse(after.get(name));
            assertThat(was.majorVersion()).as("picocli ships Java 5 class files: %s", name).isLessThan(ClassFile.JAVA_6_VERSION);
            assertThat(now.majorVersion()).as(name).isEqualTo(ClassFile.JAVA_8_VERSION);
            assertThat(now.methods()).hasSameSizeAs(was.methods());
            classes.add(name.substring(0, name.length() - ".class".length()).replace('/', '.'));
        }
        assertThat(log).contains(classes.size() + " class files");

        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            for (String c : classes) Class.forName(c, true, loader); // linking runs the verifier on the new stack maps
            // a command built through the upgraded classes parses options and renders its usage
            Class<?> commandLine = loader.loadClass("picocli.CommandLine");
            Class<?> spec = loader.loadClass("picocli.CommandLine$Model$CommandSpec");
            Class<?> option = loader.loadClass("picocli.CommandLine$Model$OptionSpec");
            Object s = spec.getMethod("create").invoke(null);
            Object builder = option.getMethod("builder", String[].class).invoke(null, (Object) new String[] {"--count"});
            call(builder, "type", Class.class, int.class);
            call(builder, "description", String[].class, (Object) new String[] {"how many"});
            spec.getMethod("addOption", option).invoke(s, call(builder, "build", null, null));
            Object cl = commandLine.getConstructor(Object.class).newInstance(s);
            commandLine.getMethod("parseArgs", String[].class).invoke(cl, (Object) new String[] {"--count", "3"});
            Object count = option.getMethod("getValue").invoke(spec.getMethod("findOption", String.class).invoke(s, "--count"));
            assertThat(count).isEqualTo(3);
            assertThat((String) commandLine.getMethod("getUsageMessage").invoke(cl)).contains("[--count=PARAM]", "how many");
        }
        assertThat(Arrays.asList(dir.toFile().list())).containsExactly("picocli.jar"); // no temporary file left
    }
}
