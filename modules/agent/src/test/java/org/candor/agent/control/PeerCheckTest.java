package org.candor.agent.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/**
 * Finding who is on the other end of a loopback connection in the kernel's socket tables (libcandor.so's exact
 * lookup is tested natively, socket_owner_test, and by every channel the ITs open).
 */
class PeerCheckTest {

    @Test
    void readsTheUidOfTheSocketWithTheseLocalAndRemotePorts() {
        String[] v4 = "1: 0100007F:A1B2 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  1000 0 123 1 0 20 4 30 10 -1"
                .split("\\s+");
        assertThat(PeerCheck.uidOf(v4, 0xA1B2, 0x9C40)).isEqualTo(1000);
        assertThat(PeerCheck.uidOf(v4, 0x9C40, 0xA1B2)).as("the server's side of it").isEqualTo(-1);
        String[] v6 = ("0: 0000000000000000FFFF00000100007F:A1B2 0000000000000000FFFF00000100007F:9C40 01 00000000:00000000"
                + " 00:00000000 00000000     0        0 456 1 0 20 4 30 10 -1").split("\\s+");
        assertThat(PeerCheck.uidOf(v6, 0xA1B2, 0x9C40)).isZero();
        assertThat(PeerCheck.uidOf(new String[] {"sl", "local_address"}, 1, 2)).isEqualTo(-1);
    }

    @Test
    void aLoopbackConnectionOfThisProcessIsOurs() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
             Socket client = new Socket()) {
            client.connect(new InetSocketAddress("127.0.0.1", server.getLocalPort()));
            try (Socket accepted = server.accept()) {
                assertThat(PeerCheck.peerUid(accepted.getPort(), server.getLocalPort())).isEqualTo(PeerCheck.ownUid());
                // without libcandor.so (these tests): SocketOwner cannot ask, and the tables answer
                assertThat(SocketOwner.uid(new byte[] {127, 0, 0, 1}, 1, new byte[] {127, 0, 0, 1}, 2))
                        .isEqualTo(SocketOwner.CANNOT_ASK);
                assertThat(PeerCheck.peerUid(accepted)).isEqualTo(PeerCheck.ownUid());
            }
        }
    }
}
