// The one PRNG of the project: xoshiro256** seeded through splitmix64. Written out here (not <random>
// distributions) so that every standard library, native or wasm, draws the same numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace carc {

class Rng {
public:
    explicit Rng(std::uint64_t seed);

    std::uint64_t next();
    // Uniform in [0, bound) without modulo bias; bound must be > 0.
    std::uint32_t below(std::uint32_t bound);

    template <typename T>
    void shuffle(std::vector<T>& items) {
        for (std::size_t i = items.size(); i > 1; --i) {
            const std::size_t j = below(static_cast<std::uint32_t>(i));
            std::swap(items[i - 1], items[j]);
        }
    }

private:
    std::uint64_t s_[4];
};

// Independent streams derived from one game seed (deck, tokens, ...), so adding a stream for one
// purpose never shifts another.
std::uint64_t deriveSeed(std::uint64_t seed, std::uint64_t stream);

// Seeds are written in Crockford base32 (0-9, A-Z without I L O U), case-insensitive, 1-13 digits.
std::string seedToText(std::uint64_t seed);
std::optional<std::uint64_t> seedFromText(std::string_view text);

}  // namespace carc
