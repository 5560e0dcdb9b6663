#include "carc/rng.hpp"

namespace carc {

namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

constexpr const char* kCrockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

int crockfordValue(char c) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    for (int i = 0; i < 32; ++i)
        if (kCrockford[i] == c) return i;
    return -1;
}

}  // namespace

Rng::Rng(std::uint64_t seed) {
    std::uint64_t state = seed;
    for (auto& word : s_) word = splitmix64(state);
}

std::uint64_t Rng::next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

std::uint32_t Rng::below(std::uint32_t bound) {
    // Rejection on the top 32 bits keeps the draw exact for any bound.
    const std::uint32_t limit = static_cast<std::uint32_t>(-bound) % bound;
    for (;;) {
        const auto value = static_cast<std::uint32_t>(next() >> 32);
        if (value >= limit) return value % bound;
    }
}

std::uint64_t deriveSeed(std::uint64_t seed, std::uint64_t stream) {
    std::uint64_t state = seed ^ (stream * 0xD1B54A32D192ED03ull);
    return splitmix64(state);
}

std::string seedToText(std::uint64_t seed) {
    std::string text;
    do {
        text.insert(text.begin(), kCrockford[seed & 31]);
        seed >>= 5;
    } while (seed != 0);
    return text;
}

std::optional<std::uint64_t> seedFromText(std::string_view text) {
    if (text.empty() || text.size() > 13) return std::nullopt;
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const int digit = crockfordValue(text[i]);
        if (digit < 0) return std::nullopt;
        // 13 digits hold 65 bits: the leading digit of a 13-digit seed carries only the top 4 bits.
        if (text.size() == 13 && i == 0 && digit > 15) return std::nullopt;
        value = (value << 5) | static_cast<std::uint64_t>(digit);
    }
    return value;
}

}  // namespace carc
