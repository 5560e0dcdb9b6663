// Client sockets bound to their own loopback source address (127.B.x.y), so the server's
// per-address limits see one address per honest room and per hostile client, as on the internet.
#pragma once

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs it

#include <boost/asio/ip/address_v4.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/system/error_code.hpp>

namespace loadtest {

inline constexpr int kHonestBlock = 1;   // 127.1.x.y: one address per honest room
inline constexpr int kHostileBlock = 2;  // 127.2.x.y: one address per hostile client

// The index-th address of block: 127.block.(index / 254).(index % 254 + 1); index < 65,024.
boost::asio::ip::address_v4 loopbackAddress(int block, int index);

// Opens `socket` and binds it to `from` (any port), ready for async_connect.
boost::system::error_code bindSource(boost::asio::ip::tcp::socket& socket, const boost::asio::ip::address_v4& from);

}  // namespace loadtest
