// The tables behind the codes of problem.hpp and breakdown.hpp, built from their X-macros, so the
// lists tests and docs walk are the engine's own.
#include <array>

#include "carc/breakdown.hpp"
#include "carc/problem.hpp"

namespace carc {

namespace {

constexpr ProblemInfo kProblems[] = {
#define CARC_PROBLEM_ROW(name, key, params) {ProblemCode::name, key, params},
    CARC_PROBLEMS(CARC_PROBLEM_ROW)
#undef CARC_PROBLEM_ROW
};

constexpr Param kParams[] = {
#define CARC_PARAM_ROW(name, key) Param::name,
    CARC_PROBLEM_PARAMS(CARC_PARAM_ROW)
#undef CARC_PARAM_ROW
};

constexpr std::string_view kParamKeys[] = {
#define CARC_PARAM_KEY(name, key) key,
    CARC_PROBLEM_PARAMS(CARC_PARAM_KEY)
#undef CARC_PARAM_KEY
};

constexpr PartInfo kParts[] = {
#define CARC_PART_ROW(name, key) {PartKind::name, key},
    CARC_BREAKDOWN_PARTS(CARC_PART_ROW)
#undef CARC_PART_ROW
};

constexpr RuleInfo kRules[] = {
#define CARC_RULE_ROW(name, key, parts) {ScoreRule::name, key, parts},
    CARC_SCORE_RULES(CARC_RULE_ROW)
#undef CARC_RULE_ROW
};

constexpr MoveInfo kMoves[] = {
#define CARC_MOVE_ROW(name, key, values) {TokenMove::name, key, values},
    CARC_TOKEN_MOVES(CARC_MOVE_ROW)
#undef CARC_MOVE_ROW
};

constexpr std::array<std::string_view, 4> kEdgeNames = {"north", "east", "south", "west"};

}  // namespace

std::span<const ProblemInfo> problemCodes() {
    return kProblems;
}

const ProblemInfo& problemInfo(ProblemCode code) {
    // Codes count from 1 in declaration order (0 is None).
    return kProblems[static_cast<std::size_t>(code) - 1];
}

std::string_view paramKey(Param param) {
    return kParamKeys[static_cast<std::size_t>(param)];
}

std::span<const Param> allParams() {
    return kParams;
}

std::string_view edgeName(int edge) {
    return kEdgeNames[static_cast<std::size_t>(edge & 3)];
}

Problem& Problem::with(Param name, ParamValue value) & {
    params.emplace_back(name, std::move(value));
    return *this;
}

Problem&& Problem::with(Param name, ParamValue value) && {
    return std::move(with(name, std::move(value)));
}

const ParamValue* Problem::find(Param name) const {
    for (const auto& [key, value] : params)
        if (key == name) return &value;
    return nullptr;
}

std::span<const PartInfo> breakdownParts() {
    return kParts;
}

std::span<const RuleInfo> scoreRules() {
    return kRules;
}

std::span<const MoveInfo> tokenMoves() {
    return kMoves;
}

const PartInfo& partInfo(PartKind part) {
    return kParts[static_cast<std::size_t>(part)];
}

const RuleInfo& ruleInfo(ScoreRule rule) {
    return kRules[static_cast<std::size_t>(rule) - 1];
}

const MoveInfo& moveInfo(TokenMove move) {
    return kMoves[static_cast<std::size_t>(move) - 1];
}

}  // namespace carc
