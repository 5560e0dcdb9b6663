#include "client_address.hpp"

#include <utility>  // before Asio: Boost 1.74's awaitable.hpp needs it

#include <boost/asio/ip/address.hpp>

namespace carc::server {

std::string clientKey(std::string_view address) {
    boost::system::error_code ec;
    auto parsed = boost::asio::ip::make_address(std::string(address), ec);
    if (ec) return std::string(address);
    if (parsed.is_v6()) {
        auto v6 = parsed.to_v6();
        if (v6.is_v4_mapped()) return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
        auto bytes = v6.to_bytes();
        for (std::size_t i = 8; i < bytes.size(); ++i) bytes[i] = 0;
        return boost::asio::ip::address_v6(bytes).to_string() + "/64";
    }
    return parsed.to_string();
}

std::string forwardedClient(std::string_view header, const std::string& peer) {
    const auto comma = header.rfind(',');
    std::string_view last = comma == std::string_view::npos ? header : header.substr(comma + 1);
    while (!last.empty() && (last.front() == ' ' || last.front() == '\t')) last.remove_prefix(1);
    while (!last.empty() && (last.back() == ' ' || last.back() == '\t')) last.remove_suffix(1);
    boost::system::error_code ec;
    auto parsed = boost::asio::ip::make_address(std::string(last), ec);
    return ec ? peer : parsed.to_string();
}

bool ConnectionCounts::admit(const std::string& key) {
    if (total_ >= maxTotal_) return false;
    auto& mine = perClient_[key];
    if (mine >= maxPerClient_) {
        if (mine == 0) perClient_.erase(key);
        return false;
    }
    ++mine;
    ++total_;
    return true;
}

void ConnectionCounts::release(const std::string& key) {
    auto it = perClient_.find(key);
    if (it == perClient_.end()) return;
    --total_;
    if (--it->second == 0) perClient_.erase(it);
}

std::size_t ConnectionCounts::of(const std::string& key) const {
    auto it = perClient_.find(key);
    return it == perClient_.end() ? 0 : it->second;
}

}  // namespace carc::server
