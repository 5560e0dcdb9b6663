// docs/events.md documents every code the engine can report, so clients can rely on the list.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "carc/english.hpp"
#include "carc/event_json.hpp"
#include "test_paths.hpp"

namespace carc {
namespace {

std::string eventsPage() {
    std::ifstream in(carc::test::sourceRoot() / "docs" / "events.md");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A code is documented when the page names it as `code` in a table row.
bool documented(const std::string& page, std::string_view key) {
    return page.find("| `" + std::string(key) + "` |") != std::string::npos;
}

TEST(EventsDocumentation, NamesEveryProblemRulePartTokenMoveAndEventType) {
    const std::string page = eventsPage();
    ASSERT_GT(page.size(), 1000u) << "docs/events.md is missing";
    for (const auto& info : problemCodes()) EXPECT_TRUE(documented(page, info.key)) << "problem " << info.key;
    for (const auto& info : scoreRules()) EXPECT_TRUE(documented(page, info.key)) << "rule " << info.key;
    for (const auto& info : breakdownParts()) EXPECT_TRUE(documented(page, info.key)) << "part " << info.key;
    for (const auto& info : tokenMoves()) EXPECT_TRUE(documented(page, info.key)) << "token move " << info.key;
    for (int type = 0; type <= static_cast<int>(EventType::GameOver); ++type) {
        const auto key = json::eventTypeKey(static_cast<EventType>(type));
        EXPECT_FALSE(key.empty());
        EXPECT_NE(page.find("| `" + std::string(key) + "`"), std::string::npos) << "event type " << key;
    }
}

}  // namespace
}  // namespace carc
