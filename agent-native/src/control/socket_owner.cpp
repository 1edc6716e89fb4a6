#include "control/socket_owner.h"

#include <arpa/inet.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "class_binder.h"
#include "log.h"

namespace candor {

namespace {

constexpr int kNotFound = -1;
constexpr int kCannotAsk = -2;

// One exact lookup in one address family; kNotFound, kCannotAsk, or the uid.
int ask(int fd, int family, const std::uint8_t local_ip[4], int local_port, const std::uint8_t remote_ip[4],
        int remote_port) {
    struct {
        nlmsghdr header;
        inet_diag_req_v2 request;
    } message;
    std::memset(&message, 0, sizeof message);
    message.header.nlmsg_len = sizeof message;
    message.header.nlmsg_type = SOCK_DIAG_BY_FAMILY;
    message.header.nlmsg_flags = NLM_F_REQUEST;
    message.header.nlmsg_seq = static_cast<__u32>(family);
    message.request.sdiag_family = static_cast<__u8>(family);
    message.request.sdiag_protocol = IPPROTO_TCP;
    message.request.idiag_states = ~0u;
    inet_diag_sockid& id = message.request.id;
    id.idiag_sport = htons(static_cast<std::uint16_t>(local_port));
    id.idiag_dport = htons(static_cast<std::uint16_t>(remote_port));
    id.idiag_cookie[0] = INET_DIAG_NOCOOKIE;
    id.idiag_cookie[1] = INET_DIAG_NOCOOKIE;
    if (family == AF_INET) {
        std::memcpy(id.idiag_src, local_ip, 4);
        std::memcpy(id.idiag_dst, remote_ip, 4);
    } else {
        // ::ffff:a.b.c.d
        auto* src = reinterpret_cast<std::uint8_t*>(id.idiag_src);
        auto* dst = reinterpret_cast<std::uint8_t*>(id.idiag_dst);
        src[10] = src[11] = dst[10] = dst[11] = 0xff;
        std::memcpy(src + 12, local_ip, 4);
        std::memcpy(dst + 12, remote_ip, 4);
    }
    sockaddr_nl kernel;
    std::memset(&kernel, 0, sizeof kernel);
    kernel.nl_family = AF_NETLINK;
    if (sendto(fd, &message, sizeof message, 0, reinterpret_cast<sockaddr*>(&kernel), sizeof kernel) < 0) return kCannotAsk;
    alignas(nlmsghdr) char reply[4096];
    const ssize_t received = recv(fd, reply, sizeof reply, 0);
    if (received < static_cast<ssize_t>(sizeof(nlmsghdr))) return kCannotAsk;
    unsigned length = static_cast<unsigned>(received);
    for (auto* h = reinterpret_cast<nlmsghdr*>(reply); NLMSG_OK(h, length); h = NLMSG_NEXT(h, length)) {
        if (h->nlmsg_type == NLMSG_ERROR) {
            // ENOENT: no such socket in this family; anything else: the kernel would not say
            const auto* error = static_cast<const nlmsgerr*>(NLMSG_DATA(h));
            return error->error == -ENOENT ? kNotFound : kCannotAsk;
        }
        if (h->nlmsg_type != SOCK_DIAG_BY_FAMILY || h->nlmsg_len < NLMSG_LENGTH(sizeof(inet_diag_msg))) continue;
        const auto* found = static_cast<const inet_diag_msg*>(NLMSG_DATA(h));
        // the kernel looked the socket up by these ports; check them anyway
        if (found->id.idiag_sport != id.idiag_sport || found->id.idiag_dport != id.idiag_dport) return kNotFound;
        return static_cast<int>(found->idiag_uid);
    }
    return kNotFound;
}

jint JNICALL uid0(JNIEnv* jni, jclass, jbyteArray local_ip, jint local_port, jbyteArray remote_ip, jint remote_port) {
    if (local_ip == nullptr || remote_ip == nullptr || jni->GetArrayLength(local_ip) != 4 ||
        jni->GetArrayLength(remote_ip) != 4) {
        return kCannotAsk;
    }
    std::uint8_t local[4];
    std::uint8_t remote[4];
    jni->GetByteArrayRegion(local_ip, 0, 4, reinterpret_cast<jbyte*>(local));
    jni->GetByteArrayRegion(remote_ip, 0, 4, reinterpret_cast<jbyte*>(remote));
    return socket_owner_uid(local, local_port, remote, remote_port);
}

}  // namespace

int socket_owner_uid(const std::uint8_t local_ip[4], int local_port, const std::uint8_t remote_ip[4], int remote_port) {
    const int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
    if (fd < 0) return kCannotAsk;
    const timeval limit{1, 0};  // the kernel answers at once; never hang the control thread
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    int uid = ask(fd, AF_INET, local_ip, local_port, remote_ip, remote_port);
    if (uid == kNotFound) uid = ask(fd, AF_INET6, local_ip, local_port, remote_ip, remote_port);
    close(fd);
    return uid;
}

bool register_socket_owner_natives(JNIEnv* jni, jclass klass) {
    const JNINativeMethod methods[] = {native_method("uid0", "([BI[BI)I", reinterpret_cast<void*>(uid0))};
    if (jni->RegisterNatives(klass, methods, 1) == JNI_OK) return true;
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    log_line("cannot bind org.candor.agent.control.SocketOwner: it must declare 'static native int uid0(byte[], int, byte[], int)'");
    return false;
}

}  // namespace candor
