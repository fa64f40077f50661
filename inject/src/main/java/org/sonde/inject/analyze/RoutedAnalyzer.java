package org.sonde.inject.analyze;

import org.sonde.inject.model.TracePacket;

/**
 * A streaming analyzer: it consumes the trace one packet at a time in mirror-sequence order, then
 * yields its result. {@link TraceAnalyzer} looks each packet's route up once and hands it to every
 * analyzer; used alone, an analyzer looks it up itself.
 */
abstract class RoutedAnalyzer<R> {
    protected final QpDirectory directory;

    protected RoutedAnalyzer(QpDirectory directory) {
        this.directory = directory;
    }

    public final void accept(TracePacket p) {
        accept(p, directory.route(p));
    }

    /** Consumes {@code p}, whose route ({@link QpDirectory#route}) is already known. */
    abstract void accept(TracePacket p, int route);

    /** The result over every packet consumed so far; call once, after the last packet. */
    public abstract R result();
}
