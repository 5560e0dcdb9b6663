// What a score is made of, as data: the rule that applied and its parts (count x each = points), and
// the modes' token moves. Never a sentence: vocabulary/ words them, docs/events.md lists every code.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace carc {

// Parts of a breakdown, shared by every mode: X(Name, "key").
// clang-format off
#define CARC_BREAKDOWN_PARTS(X)                 \
    X(Tiles, "tiles")                           \
    X(Pennants, "pennants")                     \
    X(Cloister, "cloister")                     \
    X(Neighbours, "neighbours")                 \
    X(CompletedCities, "completed_cities")      \
    X(TradingPosts, "trading_posts")            \
    X(Flags, "flags")                           \
    X(Farm, "farm")                             \
    X(NeighbouringTiles, "neighbouring_tiles")  \
    X(Animals, "animals")                       \
    X(SurveyorsInColumn, "surveyors_in_column") \
    X(Cities, "cities")                         \
    X(Locomotives, "locomotives")               \
    X(NuggetSymbols, "nugget_symbols")          \
    X(CompleteRailroads, "complete_railroads")  \
    X(TipiCamps, "tipi_camps")                  \
    X(WildHorseHerds, "wild_horse_herds")       \
    X(HiddenTokens, "hidden_tokens")            \
    X(MiningTokens, "mining_tokens")
// clang-format on

// The rules a Scored event applies: X(Name, "key", "the parts it may list, in order"). Keys are unique
// across modes; where two modes share a kind name, the mode's name comes first.
#define CARC_SCORE_RULES(X)                                                         \
    /* Carcassonne (and The Tunnel) */                                              \
    X(RoadComplete, "road_complete", "tiles")                                       \
    X(RoadIncomplete, "road_incomplete", "tiles")                                   \
    X(CityComplete, "city_complete", "tiles pennants")                              \
    X(CityIncomplete, "city_incomplete", "tiles pennants")                          \
    X(CloisterComplete, "cloister_complete", "cloister neighbours")                 \
    X(CloisterIncomplete, "cloister_incomplete", "cloister neighbours")             \
    X(Field, "field", "completed_cities")                                           \
    /* New World */                                                                 \
    X(TrailComplete, "trail_complete", "tiles trading_posts")                       \
    X(TrailIncomplete, "trail_incomplete", "tiles trading_posts")                   \
    X(TownComplete, "town_complete", "tiles flags")                                 \
    X(TownIncomplete, "town_incomplete", "tiles flags")                             \
    X(FarmComplete, "farm_complete", "farm neighbouring_tiles")                     \
    X(FarmIncomplete, "farm_incomplete", "farm neighbouring_tiles")                 \
    X(Plain, "plain", "animals")                                                    \
    X(SurveyorBonus, "surveyor_bonus", "surveyors_in_column")                       \
    /* The Discovery */                                                             \
    X(MeadowIncomplete, "meadow_incomplete", "tiles")                               \
    X(MeadowComplete, "meadow_complete", "tiles")                                   \
    X(MeadowCompleteTwoTiles, "meadow_complete_two_tiles", "tiles")                 \
    X(MountainIncomplete, "mountain_incomplete", "cities")                          \
    X(MountainComplete, "mountain_complete", "cities")                              \
    X(MountainCompleteTwoTiles, "mountain_complete_two_tiles", "cities")            \
    X(SeaIncomplete, "sea_incomplete", "cities")                                    \
    X(SeaComplete, "sea_complete", "cities tiles")                                  \
    X(SeaCompleteTwoTiles, "sea_complete_two_tiles", "cities")                      \
    /* Gold Rush */                                                                 \
    X(RailroadComplete, "railroad_complete", "tiles")                               \
    X(RailroadDoubled, "railroad_doubled", "tiles locomotives")                     \
    X(RailroadNotDoubled, "railroad_not_doubled", "tiles locomotives")              \
    X(RailroadIncomplete, "railroad_incomplete", "tiles")                           \
    X(GoldRushMountainComplete, "goldrush_mountain_complete", "nugget_symbols")     \
    X(GoldRushMountainIncomplete, "goldrush_mountain_incomplete", "nugget_symbols") \
    X(GoldRushCityComplete, "goldrush_city_complete", "complete_railroads")         \
    X(GoldRushCityIncomplete, "goldrush_city_incomplete", "complete_railroads")     \
    X(Prairie, "prairie", "tipi_camps wild_horse_herds")                            \
    X(GoldRevealed, "gold_revealed", "mining_tokens")                               \
    X(GoldEstimate, "gold_estimate", "hidden_tokens")

// Token events (a mode's pieces moving): X(Name, "key", "the values it carries, in order").
#define CARC_TOKEN_MOVES(X)                                                \
    /* New World's surveyors */                                            \
    X(SurveyorMoved, "surveyor_moved", "surveyor column")                  \
    X(SurveyorAdvanced, "surveyor_advanced", "surveyor space")             \
    X(SurveyorEntered, "surveyor_entered", "surveyor")                     \
    X(SurveyorsStayed, "surveyors_stayed", "column")                       \
    X(SettlerLeftBehind, "settler_left_behind", "column front")            \
    /* Gold Rush's mining tokens and tents */                              \
    X(TokensLaid, "tokens_laid", "count stack")                            \
    X(TokensLaidSupplyEmpty, "tokens_laid_supply_empty", "count stack")    \
    X(TokensLeftAtEnd, "tokens_left_at_end", "count")                      \
    X(TokensLostNoMiner, "tokens_lost_no_miner", "count")                  \
    X(TokenTaken, "token_taken", "held")                                   \
    X(TentReturnedGameOver, "tent_returned_game_over", "")                 \
    X(TentReturnedMountainComplete, "tent_returned_mountain_complete", "") \
    X(TentPitched, "tent_pitched", "stack")                                \
    X(TentMoved, "tent_moved", "stack")                                    \
    X(TokenMined, "token_mined", "held")

enum class PartKind : std::uint8_t {
#define CARC_PART_ENUM(name, key) name,
    CARC_BREAKDOWN_PARTS(CARC_PART_ENUM)
#undef CARC_PART_ENUM
};

enum class ScoreRule : std::uint8_t {
    None,
#define CARC_RULE_ENUM(name, key, parts) name,
    CARC_SCORE_RULES(CARC_RULE_ENUM)
#undef CARC_RULE_ENUM
};

enum class TokenMove : std::uint8_t {
    None,
#define CARC_MOVE_ENUM(name, key, values) name,
    CARC_TOKEN_MOVES(CARC_MOVE_ENUM)
#undef CARC_MOVE_ENUM
};

struct PartInfo {
    PartKind part;
    std::string_view key;
};
struct RuleInfo {
    ScoreRule rule;
    std::string_view key;
    std::string_view parts;  // blank-separated part keys
};
struct MoveInfo {
    TokenMove move;
    std::string_view key;
    std::string_view values;  // blank-separated value names
};

std::span<const PartInfo> breakdownParts();
std::span<const RuleInfo> scoreRules();
std::span<const MoveInfo> tokenMoves();
const PartInfo& partInfo(PartKind part);
const RuleInfo& ruleInfo(ScoreRule rule);  // ScoreRule::None has no entry: not allowed
const MoveInfo& moveInfo(TokenMove move);  // TokenMove::None has no entry: not allowed

// One part: count x each = points (`each` 0 for parts that change the rule but score nothing).
struct BreakdownPart {
    PartKind part = PartKind::Tiles;
    std::int16_t count = 0;
    std::int16_t each = 0;
    std::int16_t points = 0;
};

// A fixed-size value (no allocation), so scoring can build it even when the event log is off.
struct Breakdown {
    static constexpr std::size_t kMaxParts = 6;

    ScoreRule rule = ScoreRule::None;
    std::uint8_t size = 0;
    std::array<BreakdownPart, kMaxParts> parts{};

    Breakdown() = default;
    explicit Breakdown(ScoreRule r) : rule(r) {}
    // Adds `count x each`; parts beyond kMaxParts are dropped (no rule lists that many).
    Breakdown& add(PartKind part, int count, int each) {
        if (size < kMaxParts)
            parts[size++] = {part, static_cast<std::int16_t>(count), static_cast<std::int16_t>(each),
                             static_cast<std::int16_t>(count * each)};
        return *this;
    }
    std::span<const BreakdownPart> list() const { return {parts.data(), size}; }
    int points() const {
        int sum = 0;
        for (const auto& p : list()) sum += p.points;
        return sum;
    }
};

}  // namespace carc
