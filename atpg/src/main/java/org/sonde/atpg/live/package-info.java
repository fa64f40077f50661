/**
 * ATPG live: a network model made a Linux data plane (a namespace per device, veth pairs for links
 * and terminals, a bridge per shared segment, routes and policy rules for forwarding, nftables for
 * ACLs, copies and the segments' links), agents that send a suite's test packets through it over
 * AF_PACKET and receive them at the exits, and real faults in {@code atpg emulate}'s fault
 * language; results in the emulator's results format.
 */
package org.sonde.atpg.live;
