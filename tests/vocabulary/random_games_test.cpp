// Random games of every mode (options varied) speak only the vocabulary: each scoring names a rule
// and lists parts that rule declares, adding up to its points; each token move is a known one; each
// refusal carries exactly the parameters its code declares.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include "carc/english.hpp"
#include "carc/event_json.hpp"
#include "carc/rng.hpp"
#include "scenario.hpp"

namespace carc::test {
namespace {

std::vector<std::string> words(std::string_view list) {
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at < list.size()) {
        const auto blank = list.find(' ', at);
        const auto word = list.substr(at, blank == std::string_view::npos ? std::string_view::npos : blank - at);
        if (!word.empty()) out.emplace_back(word);
        if (blank == std::string_view::npos) break;
        at = blank + 1;
    }
    return out;
}

// Setups for `games` random games of a mode: player counts and option values vary with the seed.
std::vector<Setup> setupsOf(const ModeInfo& mode, int games) {
    std::vector<Setup> setups;
    for (int g = 0; g < games; ++g) {
        Setup setup;
        setup.mode = mode.id;
        setup.seed = 1000 + static_cast<std::uint64_t>(g);
        setup.players = mode.minPlayers + g % (mode.maxPlayers - mode.minPlayers + 1);
        for (std::size_t k = 0; k < mode.options.size(); ++k) {
            const auto& values = mode.options[k].values;
            setup.options.emplace_back(mode.options[k].key,
                                       values[(static_cast<std::size_t>(g) / 2 + k) % values.size()]);
        }
        std::sort(setup.options.begin(), setup.options.end());
        setups.push_back(setup);
    }
    return setups;
}

// True when `parts` lists only parts of `rule`, in the rule's order (a part may repeat).
bool partsFollowTheRule(const Breakdown& breakdown) {
    const auto declared = words(ruleInfo(breakdown.rule).parts);
    std::size_t at = 0;
    for (const BreakdownPart& part : breakdown.list()) {
        const std::string key(partInfo(part.part).key);
        while (at < declared.size() && declared[at] != key) ++at;
        if (at == declared.size()) return false;
    }
    return true;
}

TEST(VocabularyOfRandomGames, EveryScoringNamesARuleWhosePartsAddUpToItsPoints) {
    std::set<ScoreRule> rulesSeen;
    std::set<TokenMove> movesSeen;
    int scorings = 0;
    for (const ModeInfo& mode : allModes()) {
        for (const carc::Setup& setup : setupsOf(mode, 24)) {
            const auto played = playRandomGame(setup, setup.seed);
            ASSERT_TRUE(played.game && played.game->over());
            for (const Event& e : played.game->events()) {
                const std::string json = json::dump(json::event(e, *played.game));
                if (e.type == EventType::Token) {
                    ASSERT_NE(e.move, TokenMove::None) << mode.id << ": " << json;
                    movesSeen.insert(e.move);
                    const std::string text = english::describeMove(e, "Ann");
                    EXPECT_EQ(text.find('{'), std::string::npos) << text;
                }
                if (e.type != EventType::Scored) continue;
                ++scorings;
                ASSERT_NE(e.breakdown.rule, ScoreRule::None) << mode.id << ": " << json;
                rulesSeen.insert(e.breakdown.rule);
                EXPECT_TRUE(partsFollowTheRule(e.breakdown)) << mode.id << ": " << json;
                EXPECT_EQ(e.breakdown.points(), e.points) << mode.id << ": " << json;
                for (const BreakdownPart& part : e.breakdown.list()) {
                    EXPECT_GE(part.count, 0) << json;
                    EXPECT_EQ(part.count * part.each, part.points) << json;
                }
                const std::string text = english::describe(e.breakdown);
                EXPECT_FALSE(text.empty()) << json;
                EXPECT_EQ(text.find('{'), std::string::npos) << text;
            }
        }
    }
    EXPECT_GT(scorings, 1000);
    // What the random games never reached, for whoever extends the vocabulary (not a failure: some
    // rules need rare positions, e.g. a railroad with two locomotives).
    std::string unseen;
    for (const RuleInfo& rule : scoreRules())
        if (!rulesSeen.count(rule.rule)) unseen += " " + std::string(rule.key);
    for (const MoveInfo& move : tokenMoves())
        if (!movesSeen.count(move.move)) unseen += " " + std::string(move.key);
    if (!unseen.empty()) std::cout << "not reached by these games:" << unseen << '\n';
    EXPECT_GE(rulesSeen.size() + 3, scoreRules().size());
}

// Actions worth trying at a position: placements (good designs and bad, rotations 0-4), followers,
// tokens, tents, removals and scorings on and around the board.
std::vector<Action> probes(const Game& game, Rng& rng) {
    std::vector<Action> out;
    const auto& tiles = game.board().tiles();
    std::vector<Pos> places{{50, 50}};
    for (int i = 0; i < 6 && !tiles.empty(); ++i) {
        const Pos p = tiles[rng.below(static_cast<std::uint32_t>(tiles.size()))].pos;
        places.push_back(p);
        places.push_back(step(p, static_cast<int>(rng.below(4))));
    }
    const int designs = static_cast<int>(game.tileSet().designs.size());
    const std::vector<int> candidates = {-1, designs, static_cast<int>(rng.below(static_cast<std::uint32_t>(designs))),
                                         game.tileChoices().empty() ? 0 : game.tileChoices().front()};
    for (const Pos& p : places) {
        for (int design : candidates) out.push_back(Action::place(design, p, static_cast<int>(rng.below(5))));
        const int segment = static_cast<int>(rng.below(kMaxSegments));
        for (ActionType type : {ActionType::Tunnel, ActionType::Remove, ActionType::Tent, ActionType::Score})
            out.push_back(Action::at(type, p, segment));
        Action pair = Action::at(ActionType::Tunnel, p, segment);
        pair.design = static_cast<std::int16_t>(rng.below(static_cast<std::uint32_t>(game.playerCount())));
        pair.rotation = 1;
        out.push_back(pair);
    }
    for (int s = 0; s < kMaxSegments; s += 3) out.push_back(Action::follower(s));
    out.push_back(Action::mine());
    out.push_back(Action::pass());
    return out;
}

// Games a mode for the refusal probes: 8, or CARC_REFUSAL_GAMES (tests/CMakeLists.txt sets 4 under the
// sanitizers, where each probed position costs ten times as much; the native build probes all 8).
int refusalGames() {
    const char* text = std::getenv("CARC_REFUSAL_GAMES");
    const int games = text ? std::atoi(text) : 0;
    return games > 0 ? games : 8;
}

TEST(VocabularyOfRandomGames, EveryRefusalCarriesTheParametersItsCodeDeclares) {
    std::map<ProblemCode, int> seen;
    for (const ModeInfo& mode : allModes()) {
        for (const carc::Setup& setup : setupsOf(mode, refusalGames())) {
            Rng rng(setup.seed * 7);
            const auto check = [&](const Game& game, const Action&) {
                for (const Action& probe : probes(game, rng)) {
                    const Problem problem = game.whyIllegal(probe);
                    if (!problem) continue;
                    ++seen[problem.code];
                    std::vector<std::string> names;
                    for (const auto& [name, value] : problem.params) names.emplace_back(paramKey(name));
                    ASSERT_EQ(names, words(problemInfo(problem.code).params))
                        << mode.id << ": " << json::dump(json::problem(problem));
                    EXPECT_EQ(problem.line, 0);
                    EXPECT_EQ(problem.action, 0);
                    // What the game server sends reads back as the same problem (a client words it).
                    const auto back = json::readProblem(json::Json::parse(json::dump(json::problem(problem))));
                    ASSERT_TRUE(back) << json::dump(json::problem(problem));
                    EXPECT_EQ(json::problem(*back), json::problem(problem));
                }
            };
            const auto played = playRandomGame(setup, setup.seed, check);
            ASSERT_TRUE(played.game);
            EXPECT_EQ(played.game->whyIllegal(Action::pass()).code, ProblemCode::GameOver);
        }
    }
    std::string codes;
    for (const auto& [code, count] : seen) codes += " " + std::string(problemInfo(code).key);
    std::cout << seen.size() << " codes seen:" << codes << '\n';
    EXPECT_GE(seen.size(), 25u);
}

}  // namespace
}  // namespace carc::test
