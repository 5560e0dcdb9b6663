#include "loopback.hpp"

#include <netinet/in.h>
#include <sys/socket.h>

#include <stdexcept>

namespace loadtest {

boost::asio::ip::address_v4 loopbackAddress(int block, int index) {
    if (block < 1 || block > 254 || index < 0 || index >= 254 * 256)
        throw std::out_of_range("no loopback address left for client " + std::to_string(index));
    const auto bytes = boost::asio::ip::address_v4::bytes_type{127, static_cast<unsigned char>(block),
                                                               static_cast<unsigned char>(index / 254),
                                                               static_cast<unsigned char>(index % 254 + 1)};
    return boost::asio::ip::address_v4(bytes);
}

boost::system::error_code bindSource(boost::asio::ip::tcp::socket& socket, const boost::asio::ip::address_v4& from) {
    if (!from.is_loopback()) throw std::logic_error("clients bind only loopback addresses");
    boost::system::error_code ec;
    socket.open(boost::asio::ip::tcp::v4(), ec);
    if (ec) return ec;
    // The port is picked at connect time, per destination: reconnecting clients do not run out.
    int one = 1;
    setsockopt(socket.native_handle(), IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &one, sizeof one);
    socket.bind({from, 0}, ec);
    return ec;
}

}  // namespace loadtest
