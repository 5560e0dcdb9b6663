// A connection as the hub's thread sees it (server.cpp). The hub runs on a thread of its own, so a slow
// database call (libpq, SQLite's fsync) holds up only the hub, never the network thread that reads and
// writes every socket. What the hub sends to a connection, or closes, is posted to the network thread
// and handed to the session there if it still exists.
#pragma once

#include <boost/asio/any_io_executor.hpp>
#include <memory>
#include <string>

#include "hub.hpp"

namespace carc::server {

class PostedPeer : public Peer {
public:
    PostedPeer(boost::asio::any_io_executor network, std::weak_ptr<Peer> session)
        : network_(std::move(network)), session_(std::move(session)) {}

    void send(std::shared_ptr<const std::string> message) override;
    void close(int code) override;

    // The hub's id of this connection: set and read on the hub's thread only.
    PeerId id = 0;

private:
    boost::asio::any_io_executor network_;
    std::weak_ptr<Peer> session_;  // locked on the network thread only, where the session lives and dies
};

}  // namespace carc::server
