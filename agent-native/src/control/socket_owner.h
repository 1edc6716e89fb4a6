#pragma once

#include <jni.h>

#include <cstdint>

namespace candor {

// JVM type signature of the agent's class that declares the natives below.
constexpr const char kSocketOwnerSignature[] = "Lorg/candor/agent/control/SocketOwner;";

// The uid owning the TCP socket of this host whose local end is local_ip:local_port and whose remote end is
// remote_ip:remote_port (IPv4 addresses, network byte order bytes), asked of the kernel for that one socket
// (NETLINK_SOCK_DIAG, an exact lookup: microseconds, where reading /proc/net/tcp6 walks every bucket of the
// kernel's socket hash for every read). Tried as an IPv4 socket and as an IPv6 socket with IPv4-mapped addresses
// (a dual-stack Java socket). -1 when the kernel has no such socket, -2 when it cannot be asked (no netlink, a
// seccomp filter, a timeout): the caller then reads /proc.
int socket_owner_uid(const std::uint8_t local_ip[4], int local_port, const std::uint8_t remote_ip[4], int remote_port);

// Binds org.candor.agent.control.SocketOwner.uid0([BI[BI)I. Logs and returns false when the class does not fit.
bool register_socket_owner_natives(JNIEnv* jni, jclass klass);

}  // namespace candor
