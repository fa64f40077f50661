import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * A build step of the shaded jar: rewrites its class files older than Java 6 (picocli's, compiled for Java 5)
 * as Java 8 class files with stack maps, through the JDK's ClassFile API. The JVM verifies old class files by
 * type inference at every start and its ahead-of-time cache (the launcher's) cannot hold them linked, so every
 * command line paid for picocli's ~230 classes again; the bytecode itself is unchanged.
 *
 * <p>Usage: {@code java OldClassUpgrade.java JAR PREFIX...}: the old class files whose entry names start with a
 * PREFIX (such as {@code picocli/}) are upgraded, the jar replaced whole; every other entry is copied as it is.
 */
public final class OldClassUpgrade {
    private static final int OLDEST_KEPT = ClassFile.JAVA_6_VERSION;
    private static final int TARGET = ClassFile.JAVA_8_VERSION;

    private OldClassUpgrade() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: java OldClassUpgrade.java JAR PREFIX...");
            System.exit(2);
        }
        Path in = Path.of(args[0]), out = in;
        List<String> prefixes = List.of(args).subList(1, args.length);
        Path tmp = Files.createTempFile(out.toAbsolutePath().getParent(), out.getFileName().toString(), ".tmp");
        int upgraded = 0;
        // stack maps need the common supertypes of the jar's own classes: resolved from the jar itself
        try (URLClassLoader jar = new URLClassLoader(new URL[] {in.toUri().toURL()}, null);
             ZipInputStream zin = new ZipInputStream(new BufferedInputStream(Files.newInputStream(in)));
             ZipOutputStream zout = new ZipOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
            ClassFile classFile = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS, ClassFile.ClassHierarchyResolverOption.of(
                    ClassHierarchyResolver.defaultResolver().orElse(ClassHierarchyResolver.ofResourceParsing(jar))));
            ClassTransform version = (builder, element) -> {
                if (element instanceof ClassFileVersion) builder.withVersion(TARGET, 0);
                else builder.with(element);
            };
            // every method body rebuilt, so that its stack map is generated
            ClassTransform upgrade = version.andThen(ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL));
            for (ZipEntry e; (e = zin.getNextEntry()) != null; ) {
                byte[] bytes = zin.readAllBytes();
                String name = e.getName();
                if (name.endsWith(".class") && prefixes.stream().anyMatch(name::startsWith)) {
                    ClassModel model = classFile.parse(bytes);
                    if (model.majorVersion() < OLDEST_KEPT) {
                        bytes = classFile.transformClass(model, upgrade);
                        upgraded++;
                    }
                }
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTime(e.getTime());
                zout.putNextEntry(copy);
                zout.write(bytes);
                zout.closeEntry();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        System.out.println("OldClassUpgrade: " + upgraded + " class files of " + in.getFileName() + " under " + prefixes
                + " upgraded to Java 8 with stack maps");
    }
}
