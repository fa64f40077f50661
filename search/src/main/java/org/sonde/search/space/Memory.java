package org.sonde.search.space;

/** Where an endpoint's memory regions live (the host topology dimension, §4 dimension 1). */
public enum Memory {
    /** DRAM of the NUMA node the NIC is attached to. */
    LOCAL_NUMA,
    /** DRAM of the other socket: DMA crosses the inter-socket link. */
    REMOTE_NUMA,
    /** GPU memory (GPUDirect RDMA) under the NIC's PCIe switch. */
    GPU
}
