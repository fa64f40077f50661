/**
 * Importers of the published raw datasets, each a directory of one network's device output:
 * {@link org.sonde.dataplane.io.dataset.StanfordCiscoImport} (the Stanford backbone's Cisco IOS
 * files through {@code io.cisco}, with a topology the files lack) and
 * {@link org.sonde.dataplane.io.dataset.Internet2JunosImport} (Internet2's Junos files through
 * {@code io.junos}, with hassel's port map). Here live the datasets' conventions (file names,
 * port numbering, links inferred or given, what is noted rather than modelled), so that the
 * format packages stay about their formats.
 */
package org.sonde.dataplane.io.dataset;
