// The two white surveyors (RULES.md §3): where they stand, their scoring bonus, and how they move
// west after each scored feature. Only a surveyor's column matters, never its tile.
#pragma once

#include <array>

#include "carc/breakdown.hpp"

namespace carc::newworld {

class Surveyors {
public:
    static constexpr int kCount = 2;
    static constexpr int kBonus = 4;       // points per surveyor in the scored settler's column
    static constexpr int kTrackEntry = 5;  // house rule: the track surveyor enters the board here

    // Both on the start board (column 0), or (house rule) the second on space 0 of the score track.
    // `trackCountsCompletions`: the house rule as of record version 2 (see afterCompletedFeature).
    explicit Surveyors(bool secondStartsOnTrack = false, bool trackCountsCompletions = false);

    // Column of surveyor i; -1 while it waits on the score track.
    int column(int i) const { return columns_[i]; }
    bool onBoard(int i) const { return columns_[i] >= 0; }
    // Score-track space of the waiting surveyor (house rule), or -1 once both are on the board.
    int trackSpace() const { return trackSpace_; }
    // The smallest column among the surveyors on the board: settlers east of it are left behind.
    int easternmost() const;
    int countInColumn(int column) const;

    // Waiting: nothing moves after a scoring while a surveyor waits on the track (version 2 on).
    enum class Step { Stayed, Moved, Advanced, Entered, Waiting };
    struct Move {
        Step step = Step::Stayed;
        int surveyor = -1;
        int column = -1;  // Moved: the new column; Advanced: the new track space
    };
    // What follows a feature that scored at least one settler. `westernmost` is the westernmost
    // column holding a tile: a surveyor never moves to a column without tiles. Decision for the
    // house rule: while one surveyor waits on the score track it advances instead and the board
    // surveyor stays, so nobody is left behind before both are on the board.
    Move afterScoredFeature(int westernmost);
    // House rule as of record version 2 (seed 000: the track surveyor advances "atunci când se
    // finalizează", when a feature is completed): one space per trail, town or farm a tile completes,
    // scored or not, counted before that turn's scorings, which then move nobody until it is on the
    // board. False (and nothing changes) when no surveyor waits or the game counts only scorings.
    bool afterCompletedFeature(Move& move);
    // The token event a move is logged as (its values: the surveyor, then its new column or track space).
    static TokenMove tokenMove(const Move& move);

    friend bool operator==(const Surveyors&, const Surveyors&) = default;

private:
    Move advanceOnTrack();

    std::array<int, kCount> columns_{};
    int trackSpace_ = -1;
    bool trackCountsCompletions_ = false;
};

}  // namespace carc::newworld
