package org.sonde.load.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.sonde.core.BadInputException;

/** Random configuration files either parse or fail with a clear error naming the file; nothing else escapes. */
class ConfigParserFuzzTest {
    @Property(tries = 2000)
    void randomLinesOfKnownKeywordsNeverCrash(@ForAll("files") String text) {
        check(text);
    }

    @Property(tries = 500)
    void arbitraryTextNeverCrashes(@ForAll String text) {
        check(text);
    }

    private static void check(String text) {
        try {
            LoadConfig c = ConfigParser.parse(Path.of("fuzz.conf"), text).config();
            assertThat(c.mode()).isNotNull();
            assertThat(c.servers()).isNotEmpty();
        } catch (BadInputException e) {
            assertThat(e.source()).isEqualTo("fuzz.conf");
            assertThat(e.problem()).isNotBlank();
            assertThat(e.getMessage()).startsWith("fuzz.conf: ");
        }
    }

    @Provide
    Arbitrary<String> files() {
        List<String> keywords = new java.util.ArrayList<>(Keywords.ALL.keySet());
        keywords.addAll(List.of("port", "rss", "vlan", "unknown", ""));
        Arbitrary<String> word = Arbitraries.oneOf(
                Arbitraries.of("client", "server", "http", "tcp", "udp", "GET", "POST", "/", "/x", "0us", "10us", "3us", "1ms", "60s",
                        "127.0.0.1", "127.0.0.2", "::1", "0.0.0.0", "1", "0", "-1", "254", "255", "1.5k", "2m", "10q", "0x10", "0-3",
                        "3-1", "65535", "99999999999", "1.5d", "#", "payload.txt"),
                Arbitraries.strings().ofMaxLength(6));
        Arbitrary<String> line = Arbitraries.of(keywords).flatMap(k -> word.list().ofMaxSize(4)
                .map(args -> k + (args.isEmpty() ? "" : " " + String.join(" ", args))));
        Arbitrary<String> start = Arbitraries.of("mode client\nserver 127.0.0.1 1\n", "mode server\nserver 127.0.0.1 1\n", "");
        return net.jqwik.api.Combinators.combine(start, line.list().ofMaxSize(8)).as((s, lines) -> s + String.join("\n", lines) + "\n");
    }
}
