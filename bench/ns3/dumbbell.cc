// The ns-3 side of bench/sim-vs-ns3.sh: the same dumbbell and incast as Sonde's scenarios in
// bench/sim/, built with ns-3's point-to-point links and its TCP (NewReno or CUBIC), set up like
// Linux (MSS 1448, initial window 10, SACK, timestamps, rto_min 200 ms, delayed ACK 40 ms).
//
// Prints one JSON object: per-flow received bytes and completion times, events executed, wall time.
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <chrono>
#include <cstdio>
#include <vector>

using namespace ns3;

static std::vector<uint64_t> g_received;
static std::vector<double> g_finish;
static std::vector<uint64_t> g_size;

static void
Received(uint32_t flow, Ptr<const Packet> p, const Address&)
{
    g_received[flow] += p->GetSize();
    if (g_size[flow] > 0 && g_finish[flow] < 0 && g_received[flow] >= g_size[flow])
    {
        g_finish[flow] = Simulator::Now().GetSeconds();
    }
}

int
main(int argc, char* argv[])
{
    std::string mode = "long"; // long: bulk flows for the whole run; incast: every sender sends size to r0
    std::string cc = "TcpNewReno";
    uint32_t flows = 8;
    std::string bottleneckRate = "10Gbps";
    std::string accessRate = "10Gbps";
    std::string accessDelay = "2us";
    std::string bottleneckDelay = "46us";
    uint32_t queuePackets = 500;
    double duration = 0.2;
    uint64_t size = 0;
    CommandLine cmd;
    cmd.AddValue("mode", "long or incast", mode);
    cmd.AddValue("cc", "TcpNewReno or TcpCubic", cc);
    cmd.AddValue("flows", "number of flows (senders)", flows);
    cmd.AddValue("bottleneckRate", "bottleneck rate", bottleneckRate);
    cmd.AddValue("accessRate", "access link rate", accessRate);
    cmd.AddValue("accessDelay", "access link delay", accessDelay);
    cmd.AddValue("bottleneckDelay", "bottleneck delay", bottleneckDelay);
    cmd.AddValue("queuePackets", "bottleneck queue in packets", queuePackets);
    cmd.AddValue("duration", "simulated seconds", duration);
    cmd.AddValue("size", "bytes per flow (0: unlimited)", size);
    cmd.Parse(argc, argv);

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", StringValue("ns3::" + cc));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(10));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(2));
    Config::SetDefault("ns3::TcpSocket::DelAckTimeout", TimeValue(MilliSeconds(40)));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(8 << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(8 << 20));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(true));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(true));
    Config::SetDefault("ns3::TcpSocketBase::WindowScaling", BooleanValue(true));

    // incast: senders l0..l{n-1} on the left switch, one receiver r0 on the right
    uint32_t receivers = mode == "incast" ? 1 : flows;
    NodeContainer left, right, switches;
    left.Create(flows);
    right.Create(receivers);
    switches.Create(2);

    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", StringValue(accessRate));
    access.SetChannelAttribute("Delay", StringValue(accessDelay));
    access.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue(std::to_string(queuePackets) + "p"));
    PointToPointHelper bottleneck;
    bottleneck.SetDeviceAttribute("DataRate", StringValue(bottleneckRate));
    bottleneck.SetChannelAttribute("Delay", StringValue(bottleneckDelay));
    bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue(std::to_string(queuePackets) + "p"));

    InternetStackHelper stack;
    stack.InstallAll();
    Ipv4AddressHelper address;
    address.SetBase("10.1.0.0", "255.255.255.0");
    std::vector<Ipv4Address> rightAddress;
    auto link = [&](PointToPointHelper& h, Ptr<Node> a, Ptr<Node> b) {
        NetDeviceContainer d = h.Install(a, b);
        Ipv4InterfaceContainer i = address.Assign(d); // installs ns-3's default queue disc...
        // ...which goes: the device queue is the only queue, as in a switch port
        TrafficControlHelper::Default().Uninstall(d);
        address.NewNetwork();
        return i;
    };
    link(bottleneck, switches.Get(0), switches.Get(1));
    for (uint32_t i = 0; i < flows; i++)
    {
        link(access, left.Get(i), switches.Get(0));
    }
    for (uint32_t i = 0; i < receivers; i++)
    {
        rightAddress.push_back(link(access, right.Get(i), switches.Get(1)).GetAddress(0));
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    g_received.assign(flows, 0);
    g_finish.assign(flows, -1);
    g_size.assign(flows, size);
    for (uint32_t f = 0; f < flows; f++)
    {
        uint16_t port = 5000 + f;
        uint32_t r = mode == "incast" ? 0 : f;
        PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer s = sink.Install(right.Get(r));
        s.Start(Seconds(0));
        s.Get(0)->TraceConnectWithoutContext("Rx", MakeBoundCallback(&Received, f));
        BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(rightAddress[r], port));
        source.SetAttribute("MaxBytes", UintegerValue(size));
        source.SetAttribute("SendSize", UintegerValue(1448 * 16));
        ApplicationContainer a = source.Install(left.Get(f));
        a.Start(Seconds(0));
    }

    auto start = std::chrono::steady_clock::now();
    Simulator::Stop(Seconds(duration));
    Simulator::Run();
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    uint64_t events = Simulator::GetEventCount();
    Simulator::Destroy();

    std::printf("{\"simulator\":\"ns-3.37\",\"mode\":\"%s\",\"cc\":\"%s\",\"flows\":%u,\"duration\":%g,\"events\":%llu,\"wallSeconds\":%.4f,\"received\":[",
                mode.c_str(), cc.c_str(), flows, duration, (unsigned long long)events, wall);
    for (uint32_t f = 0; f < flows; f++)
    {
        std::printf("%s%llu", f ? "," : "", (unsigned long long)g_received[f]);
    }
    std::printf("],\"fctSeconds\":[");
    for (uint32_t f = 0; f < flows; f++)
    {
        std::printf("%s%.9f", f ? "," : "", g_finish[f]);
    }
    std::printf("]}\n");
    return 0;
}
