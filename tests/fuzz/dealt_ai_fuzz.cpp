// libFuzzer target for the AI on dealt records (docs/record-format.md, "Dealt records"): the input picks
// a mode and variant, a seed, how far a random game goes and whose dealt record of it to take (a seat's,
// or the spectator's), then drops, alters, moves or adds its reveals and actions. The record is read
// back from its text, as `carc hint FILE` reads it, and wherever it loads:
//  - an AI level (a budget of a few iterations) advises the turn: its actions are legal in the loaded
//    game, and in the real game too while the record is untouched; no advice while the tile to play is
//    unknown to the record;
//  - the random and greedy bots decide, legally;
//  - the game determinized for any viewer (Game::redeterminize) plays on to the end with legal actions.
// Beyond that, no crash and no sanitizer report.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "carc/bots.hpp"
#include "carc/mcts.hpp"
#include "carc/modes.hpp"
#include "carc/record.hpp"
#include "carc/seat_view.hpp"
#include "carc/turn_advisor.hpp"
#include "source_tree/source_tree.hpp"

namespace {

carc::Catalog& catalog() {
    static carc::Catalog instance(carc::folderSource(carc::source_tree::tilesets()));
    return instance;
}

[[noreturn]] void broken(const char* property, const std::string& detail) {
    std::fprintf(stderr, "dealt_ai_fuzz: %s\n%s\n", property, detail.c_str());
    std::abort();
}

// The input read as small numbers; zeros once it is used up.
class Input {
public:
    Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    bool empty() const { return next_ >= size_; }
    unsigned byte() { return next_ < size_ ? data_[next_++] : 0u; }
    unsigned below(unsigned n) { return n == 0 ? 0 : (byte() | byte() << 8) % n; }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t next_ = 0;
};

struct Variant {
    const char* mode;
    std::vector<std::pair<std::string, std::string>> options;
};

const std::vector<Variant>& variants() {
    static const std::vector<Variant> all = {
        {"base", {}},
        {"base+tunnel", {}},
        {"base+tunnel", {{"tunnel.same-turn", "on"}, {"tunnel.steal", "on"}}},
        {"newworld", {}},
        {"newworld", {{"newworld.surveyor-start", "track"}}},
        {"discovery", {}},
        {"discovery", {{"discovery.double-tile", "on"}}},
        {"discovery", {{"discovery.double-tile", "on"}, {"discovery.equal-turns", "on"}}},
        {"goldrush", {}},
        {"goldrush", {{"goldrush.remove-cowboy", "on"}}},
    };
    return all;
}

// Every reveal of a dealt record, the setup's first (before = -1 for those).
struct AnyReveal {
    long before;
    carc::Reveal reveal;
};

std::vector<AnyReveal> revealsOf(const carc::Record& record) {
    std::vector<AnyReveal> all;
    for (const auto& r : record.setup.reveals) all.push_back({-1, r});
    for (const auto& r : record.reveals) all.push_back({static_cast<long>(r.before), r.reveal});
    return all;
}

void setReveals(carc::Record& record, std::vector<AnyReveal> all) {
    // A record lists its later reveals in the order of their actions.
    std::stable_sort(all.begin(), all.end(),
                     [](const AnyReveal& a, const AnyReveal& b) { return a.before < b.before; });
    record.setup.reveals.clear();
    record.reveals.clear();
    for (const auto& r : all) {
        if (r.before < 0)
            record.setup.reveals.push_back(r.reveal);
        else
            record.reveals.push_back({static_cast<std::size_t>(r.before), r.reveal});
    }
}

// Alters the record as the input says; returns whether anything changed. Values stay ones a text record
// can hold (a tile is a design of the set), so the record is what a server could have sent, right or
// wrong.
bool perturb(carc::Record& record, const carc::TileSet& tiles, Input& in) {
    bool changed = false;
    const auto designs = static_cast<unsigned>(tiles.designs.size());
    for (int op = 0; op < 12 && !in.empty(); ++op) {
        auto all = revealsOf(record);
        const unsigned kind = in.byte() % 7;
        const unsigned at = all.empty() ? 0 : in.below(static_cast<unsigned>(all.size()));
        const auto later = static_cast<unsigned>(record.actions.size() + 1);
        switch (kind) {
            case 0:  // a reveal that never came
                if (!all.empty()) all.erase(all.begin() + at);
                break;
            case 1:  // another value
                if (!all.empty())
                    all[at].reveal.value = static_cast<int>(
                        all[at].reveal.kind == carc::SecretKind::Tile ? in.below(designs) : in.below(7));
                break;
            case 2:  // another position
                if (!all.empty()) all[at].reveal.index = static_cast<int>(in.below(100));
                break;
            case 3:  // earlier or later
                if (!all.empty()) all[at].before = static_cast<long>(in.below(later + 1)) - 1;
                break;
            case 4: {  // one more
                carc::Reveal extra;
                extra.kind = in.byte() % 2 ? carc::SecretKind::Token : carc::SecretKind::Tile;
                extra.index = static_cast<int>(in.below(100));
                extra.value = static_cast<int>(extra.kind == carc::SecretKind::Tile ? in.below(designs) : in.below(7));
                all.push_back({static_cast<long>(in.below(later + 1)) - 1, extra});
                break;
            }
            case 5:  // an action left out
                if (!record.actions.empty())
                    record.actions.erase(record.actions.begin() +
                                         in.below(static_cast<unsigned>(record.actions.size())));
                break;
            default:  // another pile size
                record.setup.pileSize =
                    1 + static_cast<int>(in.below(static_cast<unsigned>(record.setup.pileSize + 8)));
                break;
        }
        setReveals(record, std::move(all));
        changed = true;
    }
    return changed;
}

// The actions of one turn applied in order to a copy of `game`: each must be legal there.
void checkTurn(const carc::Game& game, const std::vector<carc::Action>& actions, const char* where,
               const std::string& record) {
    auto copy = game.clone();
    for (const carc::Action& action : actions) {
        if (copy->over() || copy->turnNumber() != game.turnNumber()) break;
        if (copy->apply(action))
            broken(where, carc::actionText(action, game.tileSet()) + " is not legal after\n" + record);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Input in(data, size);
    const Variant& variant = variants()[in.byte() % variants().size()];
    const carc::ModeInfo* mode = carc::findMode(variant.mode);
    if (!mode) return 0;  // not in this build
    carc::Setup setup;
    setup.mode = variant.mode;
    setup.options = variant.options;
    setup.players = mode->minPlayers + static_cast<int>(in.byte() % (mode->maxPlayers - mode->minPlayers + 1));
    setup.seed = 1 + in.byte() + (in.byte() << 8);
    const unsigned length = in.below(300);
    const int seat = static_cast<int>(in.byte() % static_cast<unsigned>(setup.players + 1)) - 1;
    const int viewer = static_cast<int>(in.byte() % static_cast<unsigned>(setup.players + 1)) - 1;
    const unsigned level = in.byte() % 3;

    // The real game: random play for `length` actions.
    carc::Problem error;
    auto real = catalog().newGame(setup, error);
    if (!real) broken("a variant does not start", setup.mode);
    real->setEventLog(false);
    carc::Record full;
    full.setup = real->setup();
    carc::Rng choices(setup.seed * 7919);
    std::vector<carc::Action> legal;
    while (!real->over() && full.actions.size() < length) {
        real->legalActions(legal);
        if (legal.empty()) broken("a running game has no legal action", setup.mode);
        const carc::Action action = legal[choices.below(static_cast<std::uint32_t>(legal.size()))];
        if (real->apply(action)) broken("a listed action is refused", setup.mode);
        full.actions.push_back(action);
    }

    carc::Record view;
    if (carc::dealtRecordFor(full, seat, catalog(), view)) broken("no dealt record of a real game", setup.mode);
    const bool untouched = !perturb(view, real->tileSet(), in);

    // Read back from its text, as `carc hint FILE` does.
    const std::string text = carc::formatRecord(view, real->tileSet());
    const carc::Replay loaded = carc::replayText(text, catalog());
    if (untouched && loaded.error) broken("a dealt record does not replay", text);
    if (!loaded.game || loaded.game->over()) return 0;
    const carc::Game& dealt = *loaded.game;

    auto config = carc::ai::levelConfig(level == 0 ? "easy" : level == 1 ? "medium" : "hard");
    config->iterations = 4;
    config->playoutTurns = 1;
    carc::ai::TurnAdvisor advisor(*config, setup.seed);
    advisor.start(dealt);
    for (int slices = 0; !advisor.step(4); ++slices)
        if (slices > 1000) broken("the advisor does not finish", text);
    if (dealt.waitingForReveal()) {
        if (!advisor.actions().empty()) broken("advice without the tile to play", text);
    } else {
        if (advisor.actions().empty()) broken("no advice", text);
        checkTurn(dealt, advisor.actions(), "the advice is not legal in the record's game", text);
        if (untouched) checkTurn(*real, advisor.actions(), "the advice is not legal in the real game", text);
        for (const char* name : {"random", "greedy"}) {
            const carc::Action decided = carc::makeBot(name, setup.seed)->choose(dealt);
            checkTurn(dealt, {decided}, "a bot's decision is not legal", text);
            if (untouched) checkTurn(*real, {decided}, "a bot's decision is not legal in the real game", text);
        }
    }

    // A determinization is a game like any other: it plays on to the end.
    auto sample = dealt.clone();
    sample->setEventLog(false);
    carc::Rng rng(setup.seed + 1);
    sample->redeterminize(viewer, rng);
    if (untouched && sample->waitingForReveal()) broken("a determinization waits for a reveal", text);
    for (int steps = 0; !sample->over() && steps < 2000; ++steps) {
        sample->legalActions(legal);
        if (legal.empty()) break;  // a record that never revealed a tile drawn face up
        const carc::Action action = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        if (sample->apply(action)) broken("a determinization refuses a listed action", text);
    }
    return 0;
}
