package org.sonde.cli;

import org.sonde.spark.SparkMaster;
import picocli.CommandLine.ITypeConverter;

/** {@code --master URL} of the commands that run on Spark, checked when read rather than by a failing Spark start. */
public final class MasterOption implements ITypeConverter<String> {
    @Override
    public String convert(String value) {
        return OptionValues.parse(value, SparkMaster::check);
    }
}
