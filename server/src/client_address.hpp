// Who a connection is, for the per-client limits: its address as the limits count it. IPv4 addresses
// count one by one; IPv6 ones by their /64 (one subscriber's network), IPv4-mapped ones as IPv4.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>

namespace carc::server {

// The key the limits count under; an address that does not parse counts as itself.
std::string clientKey(std::string_view address);

// The client's address behind a proxy that appends to X-Forwarded-For: its last entry; `peer`
// when the header is empty or its last entry is no address.
std::string forwardedClient(std::string_view header, const std::string& peer);

// Connections open per client key and in all, against the caps (docs/deployment.md, "Limits").
class ConnectionCounts {
public:
    ConnectionCounts(std::size_t maxTotal, std::size_t maxPerClient)
        : maxTotal_(maxTotal), maxPerClient_(maxPerClient) {}
    // Counts one more connection of `key`, or returns false (and counts nothing) when over a cap.
    bool admit(const std::string& key);
    void release(const std::string& key);
    std::size_t total() const { return total_; }
    std::size_t of(const std::string& key) const;

private:
    std::size_t maxTotal_;
    std::size_t maxPerClient_;
    std::size_t total_ = 0;
    std::unordered_map<std::string, std::size_t> perClient_;
};

}  // namespace carc::server
