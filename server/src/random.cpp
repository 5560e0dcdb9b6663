#include "random.hpp"

#include <sys/random.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace carc::server {
namespace {

void fill(unsigned char* out, std::size_t size) {
    while (size > 0) {
        const ssize_t got = getrandom(out, size, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error(std::string("getrandom failed: ") + std::strerror(errno));
        }
        out += got;
        size -= static_cast<std::size_t>(got);
    }
}

}  // namespace

std::string randomToken(std::size_t bytes) {
    static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    std::vector<unsigned char> raw(bytes);
    fill(raw.data(), raw.size());
    std::string text;
    std::uint32_t bits = 0;
    int held = 0;
    for (unsigned char byte : raw) {
        bits = (bits << 8) | byte;
        held += 8;
        while (held >= 6) {
            held -= 6;
            text += digits[(bits >> held) & 63];
        }
    }
    if (held > 0) text += digits[(bits << (6 - held)) & 63];
    return text;
}

std::uint64_t randomSeed() {
    unsigned char raw[8];
    fill(raw, sizeof raw);
    std::uint64_t seed = 0;
    for (unsigned char byte : raw) seed = (seed << 8) | byte;
    return seed;
}

}  // namespace carc::server
