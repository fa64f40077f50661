/**
 * The bytes on the wire: the request and responses a test sends, encoded once before it starts
 * ({@link org.sonde.load.http.Payloads}, dperf's templates), and in-place, allocation-free parsers
 * of HTTP/1.x requests and responses that accept whatever split the reads give them.
 */
package org.sonde.load.http;
