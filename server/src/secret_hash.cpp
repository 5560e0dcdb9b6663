#include "secret_hash.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <stdexcept>

namespace carc::server {

std::string hashSecret(const std::string& secret) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_Digest(secret.data(), secret.size(), digest, &length, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 failed (OpenSSL)");
    static const char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(2 * length);
    for (unsigned int i = 0; i < length; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 0xf];
    }
    return out;
}

bool secretMatches(const std::string& secret, const std::string& storedHash) {
    if (storedHash.empty() || secret.empty()) return false;
    const std::string hash = hashSecret(secret);
    return hash.size() == storedHash.size() && CRYPTO_memcmp(hash.data(), storedHash.data(), hash.size()) == 0;
}

}  // namespace carc::server
