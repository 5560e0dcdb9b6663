// Gold Rush options: playing without farmers (the rule page's advice for a first game) and the house
// rule that lets a player take a cowboy back instead of step 2.
#include <gtest/gtest.h>

#include "scenario.hpp"

namespace carc::test {
namespace {

std::string record(const std::string& option, const std::string& deck, const std::string& moves) {
    return "carcassonne 1\nmode goldrush\nplayers 2\nseed 1\nnames BLUE,RED\n" + option + "deck " + deck + "\n" + moves;
}

TEST(GoldRushOptions, BothOptionsAreListedWithADescription) {
    const ModeInfo* mode = findMode("goldrush");
    ASSERT_TRUE(mode);
    ASSERT_EQ(mode->options.size(), 2u);
    EXPECT_EQ(mode->options[0].key, "goldrush.farmers");
    EXPECT_EQ(mode->options[0].values, (std::vector<std::string>{"on", "off"}));
    EXPECT_EQ(mode->options[1].key, "goldrush.remove-cowboy");
    EXPECT_EQ(mode->options[1].values, (std::vector<std::string>{"off", "on"}));
    for (const auto& option : mode->options) EXPECT_FALSE(option.description.empty());
}

TEST(GoldRushOptions, WithoutFarmersNoCowboyGoesOnAPrairie) {
    const std::string option = "option goldrush.farmers=off\n";
    auto farmer = replay(record(option, "01 01", "place 01 1,0 r0\nfollower 1\n"));
    EXPECT_EQ(farmer.error, "line 9: this game is played without farmers");
    auto railwayman = replay(record(option, "01 01", "place 01 1,0 r0\nfollower 0\n"));
    EXPECT_EQ(railwayman.error, "");
    // With farmers (the default) the same farmer is legal.
    EXPECT_EQ(replay(record("", "01 01", "place 01 1,0 r0\nfollower 1\n")).error, "");
}

TEST(GoldRushOptions, HouseRuleTakesACowboyBackWithoutScoringInsteadOfStepTwo) {
    const std::string option = "option goldrush.remove-cowboy=on\n";
    auto game = play(record(option, "01 01 01 01",
                            "place 01 1,0 r0\nfollower 0\n"
                            "place 01 -1,0 r0\npass\n"
                            "place 01 2,0 r0\nremove 1,0 0\n"));
    ASSERT_TRUE(game);
    EXPECT_EQ(game->supply(0), 4);
    EXPECT_TRUE(game->followers().empty());
    EXPECT_TRUE(scoringLog(*game).empty());
    EXPECT_EQ(game->activePlayer(), 1);  // the removal was the whole of BLUE's step 2
    EXPECT_EQ(game->phase(), Phase::PlaceTile);
}

TEST(GoldRushOptions, OnlyYourOwnCowboysAndOnlyWithTheHouseRule) {
    const std::string moves = "place 01 1,0 r0\nfollower 0\nplace 01 -1,0 r0\nremove 1,0 0\n";
    EXPECT_EQ(replay(record("", "01 01 01", moves)).error,
              "line 10: taking a cowboy back is a house rule that this game does not use");
    EXPECT_EQ(replay(record("option goldrush.remove-cowboy=on\n", "01 01 01", moves)).error,
              "line 11: no cowboy of yours stands on segment 0 at 1,0");
}

}  // namespace
}  // namespace carc::test
