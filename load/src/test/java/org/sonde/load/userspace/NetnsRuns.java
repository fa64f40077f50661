package org.sonde.load.userspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.sonde.load.engine.LoadResult;
import org.sonde.load.engine.LoadRun;

/** What the netns tests of the user-space engine share: a server run in the background, and the checks of a run's counters. */
final class NetnsRuns {
    private NetnsRuns() {}

    /** Runs a server test on its own thread until {@link #stop}. */
    record Background(LoadRun test, CompletableFuture<LoadResult> result) {
        static Background start(LoadRun t) {
            CompletableFuture<LoadResult> r = new CompletableFuture<>();
            Thread.ofPlatform().daemon().name("netns-server").start(() -> {
                try {
                    r.complete(t.run(s -> { }));
                } catch (Throwable e) {
                    r.completeExceptionally(e);
                }
            });
            return new Background(t, r);
        }

        LoadResult stop() throws Exception {
            test.stop();
            return result.get(30, TimeUnit.SECONDS);
        }
    }

    /** The client got an answer to every request, without errors, and the server opened its connections and saw every request. */
    static void assertEveryRequestServed(LoadResult client, LoadResult served) {
        assertEveryRequestServed(client, served, null);
    }

    /** The same, but the client's {@code tolerated} error counter (checked by the caller) may be non-zero. */
    static void assertEveryRequestServed(LoadResult client, LoadResult served, String tolerated) {
        assertThat(client.requests()).isPositive();
        assertThat(client.responses2xx()).isEqualTo(client.requests());
        long toleratedCount = tolerated == null ? 0 : client.counters().getOrDefault(tolerated, 0L);
        assertThat(client.errors() - toleratedCount).as(client.errorSummary()).isZero();
        assertThat(served.connectionsOpened()).isEqualTo(client.connectionsOpened());
        assertThat(served.counters().get("httpGet")).isEqualTo(client.requests());
        assertThat(served.errors()).as(served.errorSummary()).isZero();
    }

    /** Both sides closed every connection they opened. */
    static void assertEveryConnectionClosed(LoadResult client, LoadResult served) {
        assertThat(client.connectionsClosed()).isEqualTo(client.connectionsOpened());
        assertThat(served.connectionsClosed()).isEqualTo(served.connectionsOpened());
    }
}
