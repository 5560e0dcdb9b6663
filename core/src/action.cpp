// Text form of actions: one line of a game record each (docs/record-format.md).
#include "carc/action.hpp"

#include "carc/tileset.hpp"
#include "text_util.hpp"

namespace carc {

namespace {

struct Verb {
    ActionType type;
    const char* word;
};
constexpr Verb kVerbs[] = {
    {ActionType::Place, "place"},   {ActionType::Follower, "follower"}, {ActionType::Pass, "pass"},
    {ActionType::Tunnel, "tunnel"}, {ActionType::Remove, "remove"},     {ActionType::Tent, "tent"},
    {ActionType::Mine, "mine"},     {ActionType::Score, "score"},
};

bool parsePos(std::string_view text, Pos& pos) {
    auto xy = splitChar(text, ',');
    return xy.size() == 2 && parseInt(xy[0], pos.x) && parseInt(xy[1], pos.y) && pos.x >= -500 && pos.x <= 500 &&
           pos.y >= -500 && pos.y <= 500;
}

bool parseSegmentIndex(std::string_view text, std::int8_t& segment) {
    int value = 0;
    if (!parseInt(text, value) || value < 0 || value >= kMaxSegments) return false;
    segment = static_cast<std::int8_t>(value);
    return true;
}

}  // namespace

std::string actionText(const Action& a, const TileSet& tiles) {
    std::string word;
    for (const auto& v : kVerbs)
        if (v.type == a.type) word = v.word;
    switch (a.type) {
        case ActionType::Place:
            return word + " " +
                   (a.design >= 0 && a.design < static_cast<int>(tiles.designs.size()) ? tiles.designs[a.design].name
                                                                                       : "?") +
                   " " + posText(a.pos) + " r" + std::to_string(a.rotation);
        case ActionType::Follower:
            return word + " " + std::to_string(a.segment);
        case ActionType::Pass:
        case ActionType::Mine:
            return word;
        case ActionType::Tunnel:
            if (a.design >= 0)
                return word + " " + posText(a.pos) + " " + std::to_string(a.segment) + " " + std::to_string(a.design) +
                       "." + std::to_string(a.rotation);
            return word + " " + posText(a.pos) + " " + std::to_string(a.segment);
        case ActionType::Remove:
        case ActionType::Tent:
        case ActionType::Score:
            return word + " " + posText(a.pos) + " " + std::to_string(a.segment);
    }
    return word;
}

std::optional<Action> parseAction(std::string_view line, const TileSet& tiles, Problem& error) {
    auto words = splitWords(line);
    if (words.empty()) {
        error = Problem(ProblemCode::EmptyAction);
        return std::nullopt;
    }
    const Verb* verb = nullptr;
    for (const auto& v : kVerbs)
        if (words[0] == v.word) verb = &v;
    if (!verb) {
        error = Problem(ProblemCode::UnknownAction).with(Param::Text, std::string(words[0]));
        return std::nullopt;
    }
    Action a;
    a.type = verb->type;
    auto expect = [&](std::size_t n, const char* form) {
        if (words.size() == n) return true;
        error = Problem(ProblemCode::ActionForm).with(Param::Form, form);
        return false;
    };
    switch (a.type) {
        case ActionType::Place: {
            if (!expect(4, "place DESIGN X,Y rR")) return std::nullopt;
            a.design = static_cast<std::int16_t>(tiles.findDesign(words[1]));
            if (a.design < 0 || tiles.designs[a.design].boardSpace) {
                error = Problem(ProblemCode::UnknownTile).with(Param::Tile, std::string(words[1]));
                return std::nullopt;
            }
            if (!parsePos(words[2], a.pos)) {
                error = Problem(ProblemCode::BadPosition).with(Param::Text, std::string(words[2]));
                return std::nullopt;
            }
            if (words[3].size() != 2 || words[3][0] != 'r' || words[3][1] < '0' || words[3][1] > '3') {
                error = Problem(ProblemCode::BadRotation).with(Param::Text, std::string(words[3]));
                return std::nullopt;
            }
            a.rotation = static_cast<std::int8_t>(words[3][1] - '0');
            return a;
        }
        case ActionType::Follower:
            if (!expect(2, "follower SEGMENT")) return std::nullopt;
            if (!parseSegmentIndex(words[1], a.segment)) {
                error = Problem(ProblemCode::BadSegment).with(Param::Text, std::string(words[1]));
                return std::nullopt;
            }
            return a;
        case ActionType::Pass:
        case ActionType::Mine:
            if (!expect(1, verb->word)) return std::nullopt;
            return a;
        case ActionType::Tunnel:
            if (words.size() == 4) {
                auto parts = splitChar(words[3], '.');
                int owner = 0, number = 0;
                if (parts.size() != 2 || !parseInt(parts[0], owner) || !parseInt(parts[1], number) || owner < 0 ||
                    owner > 5 || number < 1 || number > 3) {
                    error = Problem(ProblemCode::BadTunnelPair).with(Param::Text, std::string(words[3]));
                    return std::nullopt;
                }
                a.design = static_cast<std::int16_t>(owner);
                a.rotation = static_cast<std::int8_t>(number);
                words.pop_back();
            }
            [[fallthrough]];
        case ActionType::Remove:
        case ActionType::Tent:
        case ActionType::Score:
            if (!expect(3, "VERB X,Y SEGMENT")) return std::nullopt;
            if (!parsePos(words[1], a.pos)) {
                error = Problem(ProblemCode::BadPosition).with(Param::Text, std::string(words[1]));
                return std::nullopt;
            }
            if (!parseSegmentIndex(words[2], a.segment)) {
                error = Problem(ProblemCode::BadSegment).with(Param::Text, std::string(words[2]));
                return std::nullopt;
            }
            return a;
    }
    error = Problem(ProblemCode::UnknownAction).with(Param::Text, std::string(words[0]));
    return std::nullopt;
}

}  // namespace carc
