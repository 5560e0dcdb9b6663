#include "mining_tokens.hpp"

#include <algorithm>
#include <sstream>

namespace carc::goldrush {

std::vector<std::int8_t> MiningTokens::box() {
    std::vector<std::int8_t> tokens;
    const std::pair<int, int> kinds[] = {{1, 10}, {2, 30}, {3, 10}, {5, 3}, {0, 10}};
    for (const auto& [nuggets, count] : kinds)
        for (int i = 0; i < count; ++i) tokens.push_back(static_cast<std::int8_t>(nuggets));
    return tokens;
}

MiningTokens::MiningTokens(std::vector<std::int8_t> supply, int players)
    : supply_(std::move(supply)), seen_(supply_.size(), kSeenByNobody), held_(static_cast<std::size_t>(players)) {}

int MiningTokens::findStack(const Features& features, int segment) const {
    const int root = features.find(segment);
    for (std::size_t i = 0; i < stacks_.size(); ++i)
        if (features.find(stacks_[i].segment) == root) return static_cast<int>(i);
    return -1;
}

int MiningTokens::stackSize(const Features& features, int segment) const {
    const int i = findStack(features, segment);
    return i < 0 ? 0 : static_cast<int>(stacks_[i].tokens.size());
}

int MiningTokens::total() const {
    int count = supplyLeft() + outOfGame_;
    for (const auto& s : stacks_) count += static_cast<int>(s.tokens.size());
    for (const auto& h : held_) count += static_cast<int>(h.size());
    return count;
}

int MiningTokens::lay(const Features& features, int segment, int count) {
    const int laid = std::min(count, supplyLeft());
    if (laid == 0) return 0;
    int i = findStack(features, segment);
    if (i < 0) {
        stacks_.push_back({segment, {}});
        i = static_cast<int>(stacks_.size()) - 1;
    }
    for (int n = 0; n < laid; ++n) stacks_[i].tokens.push_back(static_cast<std::int8_t>(nextInSupply_++));
    return laid;
}

void MiningTokens::mergeJoined(const Features& features) {
    // Each stack's mountain, found once (stacks are few, but this runs after every mountain tile).
    std::vector<int> roots(stacks_.size());
    for (std::size_t i = 0; i < stacks_.size(); ++i) roots[i] = features.find(stacks_[i].segment);
    for (std::size_t i = 0; i < stacks_.size(); ++i) {
        for (std::size_t j = i + 1; j < stacks_.size();) {
            if (roots[j] != roots[i]) {
                ++j;
                continue;
            }
            auto& into = stacks_[i].tokens;
            into.insert(into.end(), stacks_[j].tokens.begin(), stacks_[j].tokens.end());
            stacks_.erase(stacks_.begin() + static_cast<std::ptrdiff_t>(j));
            roots.erase(roots.begin() + static_cast<std::ptrdiff_t>(j));
        }
    }
}

bool MiningTokens::take(const Features& features, int segment, int player) {
    const int i = findStack(features, segment);
    if (i < 0 || stacks_[i].tokens.empty()) return false;
    const std::int8_t token = stacks_[i].tokens.back();
    held_[player].push_back(token);
    seen_[static_cast<std::size_t>(token)] |= seenBySeat(player);
    stacks_[i].tokens.pop_back();
    if (stacks_[i].tokens.empty()) stacks_.erase(stacks_.begin() + i);
    return true;
}

int MiningTokens::discard(const Features& features, int segment) {
    const int i = findStack(features, segment);
    if (i < 0) return 0;
    const int count = static_cast<int>(stacks_[i].tokens.size());
    outOfGame_ += count;
    stacks_.erase(stacks_.begin() + i);
    return count;
}

std::vector<int> MiningTokens::valuesSeenBy(int viewer, int holder, bool revealed) const {
    std::vector<int> values;
    for (auto token : held_[holder])
        values.push_back(revealed || viewer == holder ? supply_[static_cast<std::size_t>(token)] : kHiddenToken);
    return values;
}

int MiningTokens::nuggets(int player) const {
    int sum = 0;
    for (auto token : held_[player]) sum += std::max<int>(0, supply_[static_cast<std::size_t>(token)]);
    return sum;
}

Breakdown MiningTokens::breakdown(int player) const {
    int countOf[6] = {};
    for (auto token : held_[player])
        if (const int v = supply_[static_cast<std::size_t>(token)]; v >= 0) ++countOf[v];
    Breakdown parts(ScoreRule::GoldRevealed);
    for (int value : {1, 2, 3, 5, 0})  // as the rule page lists them: gravel last
        if (countOf[value]) parts.add(PartKind::MiningTokens, countOf[value], value);
    return parts;
}

std::string MiningTokens::publicText(const Features& features) const {
    std::ostringstream out;
    out << "tokens supply " << supplyLeft() << " out " << outOfGame_ << '\n';
    for (const auto& s : stacks_) out << "stack " << features.find(s.segment) << ' ' << s.tokens.size() << '\n';
    for (std::size_t p = 0; p < held_.size(); ++p) out << "held " << p << ' ' << held_[p].size() << '\n';
    return out.str();
}

void MiningTokens::visibleTo(int seat, bool revealed, std::vector<Reveal>& out) const {
    for (std::size_t i = 0; i < supply_.size(); ++i)
        if (supply_[i] != kUnknown && (revealed || seatMayKnow(seen_[i], seat)))
            out.push_back({SecretKind::Token, static_cast<int>(i), supply_[i]});
}

Problem MiningTokens::reveal(int index, int value) {
    if (index < 0 || index >= static_cast<int>(supply_.size()))
        return Problem(ProblemCode::TokenIndexOutOfRange)
            .with(Param::Max, static_cast<int>(supply_.size()) - 1)
            .with(Param::Index, index);
    const auto inBox = box();
    const auto ofValue = static_cast<int>(std::count(inBox.begin(), inBox.end(), value));
    if (ofValue == 0) return Problem(ProblemCode::NoTokenOfValue).with(Param::Value, value);
    auto& known = supply_[static_cast<std::size_t>(index)];
    if (known == value) return {};
    if (known != kUnknown)
        return Problem(ProblemCode::TokenRevealedOtherwise)
            .with(Param::Index, index)
            .with(Param::Known, int{known})
            .with(Param::Value, value);
    if (std::count(supply_.begin(), supply_.end(), value) >= ofValue)
        return Problem(ProblemCode::TokenCopiesExhausted).with(Param::Count, ofValue).with(Param::Value, value);
    known = static_cast<std::int8_t>(value);
    return {};
}

}  // namespace carc::goldrush
