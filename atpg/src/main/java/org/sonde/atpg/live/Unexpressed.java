package org.sonde.atpg.live;

/**
 * A part of the model that the Linux data plane does not carry, and why: listed by
 * {@code atpg dataplane up}, never dropped silently.
 *
 * @param element the rule, ACL entry, link, port or table ({@code rule:rA1}, {@code acl:edge-in#2}, ...)
 */
public record Unexpressed(String element, String why) {}
