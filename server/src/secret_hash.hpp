// Seat secrets are kept only as hashes, in the database and in memory: whoever reads the file (a
// backup, a shared database's other users) cannot resume a seat. The secrets are 128 random bits,
// so one unsalted SHA-256 is enough; nothing about them is guessable to salt against.
#pragma once

#include <string>

namespace carc::server {

// SHA-256 of the secret's bytes, as 64 lowercase hex digits (OpenSSL's EVP API).
std::string hashSecret(const std::string& secret);

// Whether `secret` hashes to `storedHash`, compared in time that does not depend on where they
// differ. Never true for an empty hash (a seat no human has taken).
bool secretMatches(const std::string& secret, const std::string& storedHash);

}  // namespace carc::server
