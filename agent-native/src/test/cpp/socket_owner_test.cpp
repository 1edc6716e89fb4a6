// The kernel's answer for one socket: a loopback connection made here belongs to this process's uid, and a
// connection that does not exist is not found.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>

#include "check.h"
#include "control/socket_owner.h"

namespace {

int port_of(int fd) {
    sockaddr_in address{};
    socklen_t length = sizeof address;
    getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    return ntohs(address.sin_port);
}

}  // namespace

TEST(socket_owner_finds_the_uid_of_a_loopback_client) {
    const int server = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    CHECK(bind(server, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    CHECK(listen(server, 1) == 0);
    const int server_port = port_of(server);
    address.sin_port = htons(static_cast<std::uint16_t>(server_port));
    const int client = socket(AF_INET, SOCK_STREAM, 0);
    CHECK(connect(client, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    const int accepted = accept(server, nullptr, nullptr);
    CHECK(accepted >= 0);
    const std::uint8_t loopback[4] = {127, 0, 0, 1};
    const int uid = candor::socket_owner_uid(loopback, port_of(client), loopback, server_port);
    // -2: this machine refuses netlink (a sandbox); the agent then reads /proc, which its own tests cover
    CHECK(uid == static_cast<int>(getuid()) || uid == -2);
    // the server's end seen the other way round is a socket too; a port pair nobody uses is none
    CHECK(candor::socket_owner_uid(loopback, 1, loopback, 2) == (uid == -2 ? -2 : -1));
    close(accepted);
    close(client);
    close(server);
}
