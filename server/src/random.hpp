// Unguessable values from the OS's CSPRNG (getrandom): room ids, seat secrets, game seeds.
#pragma once

#include <cstdint>
#include <string>

namespace carc::server {

// `bytes` random bytes written in base64url without padding (16 bytes: 22 characters, 128 bits).
std::string randomToken(std::size_t bytes = 16);
// A 64-bit game seed.
std::uint64_t randomSeed();

}  // namespace carc::server
