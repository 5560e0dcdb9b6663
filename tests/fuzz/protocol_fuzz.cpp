// libFuzzer target for the online protocol's message decoder (server/src/protocol.hpp): any frame
// gets either a checked message or one of the decoder's error codes, never a crash, and a message
// it accepts keeps within the limits it promises (docs/online-protocol.md).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "protocol.hpp"

namespace {

[[noreturn]] void broken(const char* property, std::string_view input) {
    std::fprintf(stderr, "protocol_fuzz: %s\n%.*s\n", property, static_cast<int>(input.size()), input.data());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    carc::server::Limits limits;
    const auto decoded = carc::server::decodeClientMessage(text, limits);
    if (!decoded.message) {
        if (decoded.code != "bad_json" && decoded.code != "bad_message" && decoded.code != "too_big")
            broken("an unknown error code", text);
        if (decoded.error.empty()) broken("an error without a reason", text);
        return 0;
    }
    const auto& m = *decoded.message;
    if (text.size() > limits.maxMessage) broken("an oversized message was accepted", text);
    if (m.ref.size() > 64 || m.room.size() > 64 || m.secret.size() > 64 || m.name.size() > 100)
        broken("a field beyond its length", text);
    if (m.type == carc::server::ClientType::Move &&
        (m.lines.empty() || static_cast<int>(m.lines.size()) > limits.maxLines || m.seq < 0))
        broken("a move outside its bounds", text);
    for (const auto& line : m.lines)
        if (line.size() > 128) broken("an action line beyond 128 characters", text);
    if (m.seat && (*m.seat < 0 || *m.seat > 15)) broken("a seat out of range", text);
    if ((m.type == carc::server::ClientType::Resume || m.type == carc::server::ClientType::Seat ||
         m.type == carc::server::ClientType::Replace) &&
        !m.seat)
        broken("a message that needs a seat has none", text);
    return 0;
}
