package org.sonde.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class InputFilesTest {
    /** Mostly text with newlines, now and then a byte that may break UTF-8. */
    @Provide
    Arbitrary<byte[]> almostText() {
        Arbitrary<Byte> b = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(20, Arbitraries.bytes().between((byte) 'a', (byte) 'z')),
                net.jqwik.api.Tuple.of(3, Arbitraries.just((byte) '\n')),
                net.jqwik.api.Tuple.of(1, Arbitraries.bytes()));
        return b.array(byte[].class).ofMaxSize(200);
    }

    @Property(tries = 1000)
    void textIsDecodedOrTheFirstBadByteIsNamedWithItsLine(@ForAll("almostText") byte[] bytes) {
        var strict = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        String text;
        try {
            text = strict.decode(ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            text = null;
        }
        if (text != null) {
            assertThat(InputFiles.decodeUtf8(bytes, "f", "file")).isEqualTo(text);
            return;
        }
        // the longest prefix that decodes ends where the bad byte starts
        int good = 0;
        for (int n = bytes.length; n >= 0; n--) {
            var d = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
            ByteBuffer in = ByteBuffer.wrap(bytes, 0, n);
            if (!d.decode(in, java.nio.CharBuffer.allocate(n), true).isError()) {
                good = n;
                break;
            }
        }
        int line = 1;
        for (int i = 0; i < good; i++) if (bytes[i] == '\n') line++;
        int offset = good;
        int expectedLine = line;
        assertThatThrownBy(() -> InputFiles.decodeUtf8(bytes, "f", "file")).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).isEqualTo("line " + expectedLine + " (byte offset " + offset + ")");
            assertThat(e.problem()).startsWith(String.format("byte 0x%02x is not UTF-8", bytes[offset] & 0xff));
        });
    }

    @Test
    void linesAreNumberedAndABadByteNamesItsLine() {
        byte[] bytes = "one\ntwo\nthr\u00e9e\n".getBytes(StandardCharsets.ISO_8859_1);
        try (InputFiles.Lines lines = InputFiles.lines(new ByteArrayInputStream(bytes), "events.txt", "events file")) {
            assertThat(lines.next()).isEqualTo("one");
            assertThat(lines.next()).isEqualTo("two");
            assertThat(lines.number()).isEqualTo(2);
            assertThatThrownBy(lines::next).isInstanceOfSatisfying(BadInputException.class, e -> {
                assertThat(e.source()).isEqualTo("events.txt");
                assertThat(e.location()).isEqualTo("line 3");
                assertThat(e.problem()).isEqualTo("bytes that are not UTF-8: the events file must be UTF-8 text");
            });
        }
    }
}
