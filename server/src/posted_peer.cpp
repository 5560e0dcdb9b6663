#include "posted_peer.hpp"

#include <boost/asio/post.hpp>

namespace carc::server {

void PostedPeer::send(std::shared_ptr<const std::string> message) {
    boost::asio::post(network_, [session = session_, message = std::move(message)]() mutable {
        if (const auto peer = session.lock()) peer->send(std::move(message));
    });
}

void PostedPeer::close(int code) {
    boost::asio::post(network_, [session = session_, code] {
        if (const auto peer = session.lock()) peer->close(code);
    });
}

}  // namespace carc::server
