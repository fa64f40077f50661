package org.sonde.verify.stable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.core.InputFiles;
import org.sonde.core.BadInputException;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.RuleUpdate;

class EventTextTest {
    static EventText of(String text) {
        return new EventText(InputFiles.lines(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), "events.txt", "events file"));
    }

    @Test
    void readsEventsInTheOrderReceived() {
        EventText t = of("# comment\n1000 ctl-a del S22 192.168.0.0 24 - 10\n\n1010 ctl-b mod S12 192.168.0.0 24 S21 10\n");
        RoutingEvent e1 = t.next(), e2 = t.next();
        assertThat(t.next()).isNull();
        assertThat(e1.timestampNanos()).isEqualTo(1_000_000_000L);
        assertThat(e1.update()).isEqualTo(new RuleUpdate(RuleUpdate.Op.DELETE, "S22", Ipv4Prefix.parse("192.168.0.0/24"), List.of(), 10));
        assertThat(e2.update().nextHops()).containsExactly("S21");
        assertThat(e2.sequence()).isEqualTo(1);
        assertThat(EventText.format(e2)).isEqualTo("1010 ctl-b mod S12 192.168.0.0 24 S21 10");
    }

    @Test
    void badLinesNameTheLine() {
        assertThatThrownBy(() -> of("x p add s 10.0.0.0 8 s2 1\n").next())
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 1").hasMessageContaining("time in milliseconds");
        EventText t = of("1 p add s 10.0.0.0 8 s2 1\n2 p put s 10.0.0.0 8 s2 1\n");
        t.next();
        assertThatThrownBy(t::next).isInstanceOf(BadInputException.class).hasMessageContaining("events.txt: line 2").hasMessageContaining("add, del or mod");
        assertThatThrownBy(() -> of("1 p add s 10.0.0.0 8 - 1\n").next()).hasMessageContaining("expected next hops");
        assertThatThrownBy(() -> of("1 p add s 10.0.0.0 8\n").next()).hasMessageContaining("expected 8 fields");
    }

    /** Any text either reads as events or fails with the line named; nothing else escapes. */
    @net.jqwik.api.Property(tries = 500)
    void arbitraryLinesFailOnlyWithBadInput(@net.jqwik.api.ForAll("lines") List<String> lines) {
        EventText t = of(String.join("\n", lines) + "\n");
        try {
            int n = 0;
            while (t.next() != null) n++;
            assertThat(n).isLessThanOrEqualTo(lines.size());
        } catch (BadInputException e) {
            assertThat(e.getMessage()).startsWith("events.txt: line ");
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<List<String>> lines() {
        net.jqwik.api.Arbitrary<String> word = net.jqwik.api.Arbitraries.oneOf(
                net.jqwik.api.Arbitraries.of("1000", "-5", "99999999999999999999", "ctl", "add", "del", "mod", "put", "s1", "s1,s2", "-",
                        "deliver", "drop", "10.0.0.0", "10.0.0.1", "8", "33", "0", "#", ",", "1.2.3"),
                net.jqwik.api.Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(10));
        return word.list().ofMaxSize(9).map(ws -> String.join(" ", ws)).list().ofMaxSize(5);
    }
}
