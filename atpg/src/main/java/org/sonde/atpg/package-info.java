/**
 * Test packet generation after ATPG: from all-pairs reachability to a minimal suite of test
 * packets covering every rule and ACL entry (or every link), an emulated network that runs a
 * suite with injected rule, link and ACL faults, and fault localisation from the results.
 */
package org.sonde.atpg;
