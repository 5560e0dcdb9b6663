// docs/online-protocol.md stays true: every client example decodes, every server example is one JSON
// object of a type the server sends.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "protocol.hpp"
#include "test_paths.hpp"

namespace carc::server::test {
namespace {

std::vector<std::string> jsonBlocks(const std::string& text) {
    std::vector<std::string> blocks;
    std::size_t at = 0;
    while ((at = text.find("```json\n", at)) != std::string::npos) {
        const std::size_t start = at + 8, end = text.find("```", start);
        blocks.push_back(text.substr(start, end - start));
        at = end + 3;
    }
    return blocks;
}

TEST(ProtocolDoc, EveryExampleIsAMessageOfItsSide) {
    std::ifstream in(carc::test::sourceRoot() / "docs" / "online-protocol.md");
    ASSERT_TRUE(in);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string doc = buffer.str();
    const std::size_t split = doc.find("## Server → client");
    ASSERT_NE(split, std::string::npos);
    const auto client = jsonBlocks(doc.substr(0, split));
    const auto server = jsonBlocks(doc.substr(split));
    EXPECT_GE(client.size(), 17u);
    for (const auto& example : client) {
        const Decoded decoded = decodeClientMessage(example, Limits{});
        EXPECT_TRUE(decoded.message) << example << "\n" << decoded.code << ": " << decoded.error;
    }
    const std::set<std::string> sent = {"welcome", "joined",     "watching", "left",    "room",   "game",
                                        "moved",   "over",       "lobby",    "pong",    "error",  "chat_history",
                                        "chat",    "chat_muted", "clock",    "timeout", "rematch"};
    std::set<std::string> shown;
    for (const auto& example : server) {
        const auto message = nlohmann::json::parse(example, nullptr, false);
        ASSERT_TRUE(message.is_object()) << example;
        EXPECT_TRUE(sent.count(message.value("type", ""))) << example;
        shown.insert(message.value("type", ""));
    }
    EXPECT_EQ(shown, sent);
}

}  // namespace
}  // namespace carc::server::test
