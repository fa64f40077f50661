package org.sonde.cli.verify;

import org.sonde.cli.OptionValues;
import org.sonde.verify.spark.SparkMaster;
import picocli.CommandLine.ITypeConverter;

/** {@code --master URL}, checked when read rather than by a failing Spark start. */
final class MasterOption implements ITypeConverter<String> {
    @Override
    public String convert(String value) {
        return OptionValues.parse(value, SparkMaster::check);
    }
}
