package org.sonde.cli.inject;

import org.sonde.cli.OptionValues;
import org.sonde.inject.testbed.TargetSpec;
import picocli.CommandLine.ITypeConverter;

/** {@code --target sim:PROFILE}, checked when read: an unknown target or profile is a usage error listing the profiles. */
final class TargetOption implements ITypeConverter<TargetSpec> {
    @Override
    public TargetSpec convert(String value) {
        return OptionValues.parse(value, TargetSpec::parse);
    }
}
