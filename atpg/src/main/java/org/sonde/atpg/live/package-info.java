/**
 * ATPG live: a network model made a Linux data plane (a namespace per device, veth pairs for links
 * and terminals, a bridge per shared segment, routes and policy rules for forwarding, nftables for
 * ACLs, copies and the segments' links), agents that send a suite's test packets through it over
 * AF_PACKET and receive them at the exits, and real faults in {@code atpg emulate}'s fault
 * language; results in the emulator's results format.
 *
 * <p>VLANs (layouts with a {@code vlan} field): a port with a VLAN membership takes, through an
 * nftables ingress chain, exactly the frames of the VLANs it carries — 802.1Q-tagged test frames,
 * untagged ones in its access or native VLAN, and frames a device addresses to its VLAN MAC — and
 * marks each packet with its VLAN; routes that set a VLAN leave by that VLAN's next hop on the port,
 * whose neighbour is the receiver's VLAN MAC. This kernel has no 802.1Q devices and no
 * VLAN-filtering bridges ({@code CONFIG_VLAN_8021Q}, {@code CONFIG_BRIDGE_VLAN_FILTERING} are off)
 * and no tc action that pushes a tag, so a VLAN crosses a link between two devices in the
 * destination MAC rather than in a tag; MAC tables are listed, not built (the model forwards by its
 * rules alone).
 */
package org.sonde.atpg.live;
