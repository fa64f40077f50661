package org.sonde.cli.interop;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a test class that compares with Wireshark: tags it {@code "tshark"} and applies the one rule
 * for a missing tshark ({@link TsharkExtension}). Test methods may take a {@link Tshark} parameter.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("tshark")
@ExtendWith(TsharkExtension.class)
public @interface RequiresTshark {}
