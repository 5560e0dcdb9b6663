// New World (Mayflower), RULES.md §0 and §3: settlers on trails, towns, plains and farms, a start
// board of 10 coastal spaces in column 0, and two surveyors driving the settlers west.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "carc/game.hpp"
#include "carc/modes.hpp"
#include "settling.hpp"
#include "surveyors.hpp"

namespace carc::newworld {

// Option keys and their values (the first value is the default).
inline constexpr const char* kSurveyorStartOption = "newworld.surveyor-start";
inline constexpr const char* kFinalBonusOption = "newworld.final-bonus";
std::vector<OptionSpec> options();

// Columns: the coast is column 0, tiles lie in columns 1, 2, ... westwards (x = -column).
constexpr int columnOf(Pos p) {
    return -p.x;
}

class NewWorldGame final : public Game {
public:
    enum Category { Trail, Town, Farm, Plain, Surveyor };
    static constexpr int kSettlersInSupply = 5;

    NewWorldGame(const Setup& setup, std::shared_ptr<const TileSet> tiles);
    std::unique_ptr<Game> clone() const override { return std::unique_ptr<Game>(new NewWorldGame(*this)); }

    const Surveyors& surveyors() const { return surveyors_; }
    // The westernmost column that holds a tile (0: only the start board).
    int westernmostColumn() const { return westernmost_; }
    std::string stateText() const override;
    // The surveyor bonus is left out: it depends on the order features are scored in.
    Breakdown featureScore(int segmentId, ScoreMoment moment) const override;
    // The surveyor bonus each majority player would earn with the surveyors where they stand now.
    std::vector<FeatureBonus> featureBonuses(int segmentId, ScoreMoment moment) const override;
    // Steps: surveyor moves. A standing settler goes once both surveyors have passed its column.
    int removalStepsTaken() const override;
    int removalStepsLeft(const Follower& follower) const override;

protected:
    bool cellAllowed(Pos p) const override { return columnOf(p) >= 1; }
    void afterTilePlaced(int tileIndex) override;
    void actLegal(std::vector<Action>& out) const override;
    void actApply(const Action& action) override;
    Problem actWhyIllegal(const Action& action) const override;
    void finalScoring() override;

private:
    NewWorldGame(const NewWorldGame&) = default;

    // A feature this turn's tile completed, named by one of its segments.
    struct Completed {
        int segmentId = 0;
        Pos pos;
        int segment = 0;
    };

    bool settlerStepOpen() const;
    void finishSettlerStep();
    std::vector<Completed> completedThisTurn() const;
    // The feature waiting to be scored that a `score` action names (by any of its segments), or end().
    std::vector<Completed>::const_iterator waitingFeature(const Action& action) const;
    void logSurveyorMove(Pos where, const Surveyors::Move& move);
    // Scores the completed features one by one; stops in Phase::Choose when the order matters.
    void continueScoring();
    void scoreCompleted(const Completed& feature);
    void leaveBehindSettlersEastOfSurveyors();

    // Feature values: complete during play, incomplete at the end.
    int featureValue(int root, bool final, Breakdown* breakdown) const;  // breakdown: its parts, if wanted
    static constexpr int kFarmRing = 8;                                  // neighbours of a complete farm
    // `around`: the farm's neighbouring tiles.
    static Breakdown farmScore(int around, bool final);
    Category categoryOf(int kind) const;
    std::vector<Claim> claimsOn(int root) const;
    void award(int root, bool final, bool withBonus);
    bool standing(const Follower& f) const { return features().segment(f.segment).kind != plainKind_; }
    Pos tilePos(int segmentId) const { return board().tiles()[features().segment(segmentId).tile].pos; }

    int trailKind_ = 0, townKind_ = 0, plainKind_ = 0, farmKind_ = 0;
    int post_ = -1, flag_ = -1, animal_ = -1;
    std::vector<int> farmSegment_;  // per design: its farm segment, or -1 (one farm per tile at most)
    bool finalBonus_ = false;
    Surveyors surveyors_;
    int westernmost_ = 0;
    bool settlerPlaced_ = false;
    std::vector<Completed> toScore_;
};

}  // namespace carc::newworld
