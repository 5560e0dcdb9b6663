#include "surveyors.hpp"

#include <algorithm>

namespace carc::newworld {

Surveyors::Surveyors(bool secondStartsOnTrack, bool trackCountsCompletions)
    : trackCountsCompletions_(trackCountsCompletions) {
    columns_ = {0, 0};
    if (secondStartsOnTrack) {
        columns_[1] = -1;
        trackSpace_ = 0;
    }
}

int Surveyors::easternmost() const {
    int east = -1;
    for (int c : columns_)
        if (c >= 0 && (east < 0 || c < east)) east = c;
    return east;
}

int Surveyors::countInColumn(int column) const {
    return static_cast<int>(std::count(columns_.begin(), columns_.end(), column));
}

// House rule: the waiting surveyor advances one space; on reaching space 5 it enters the start board
// (column 0).
Surveyors::Move Surveyors::advanceOnTrack() {
    Move move;
    const int waiting = columns_[0] < 0 ? 0 : 1;
    move.surveyor = waiting;
    if (++trackSpace_ < kTrackEntry) {
        move.step = Step::Advanced;
        move.column = trackSpace_;
        return move;
    }
    trackSpace_ = -1;
    columns_[waiting] = 0;
    move.step = Step::Entered;
    move.column = 0;
    return move;
}

bool Surveyors::afterCompletedFeature(Move& move) {
    if (!trackCountsCompletions_ || trackSpace_ < 0) return false;
    move = advanceOnTrack();
    return true;
}

Surveyors::Move Surveyors::afterScoredFeature(int westernmost) {
    Move move;
    if (trackSpace_ >= 0) {
        // While one surveyor waits on the score track no surveyor moves west. Version 1 counted the
        // track per scoring, here; version 2 counts completions (afterCompletedFeature).
        if (trackCountsCompletions_) {
            move.step = Step::Waiting;
            return move;
        }
        return advanceOnTrack();
    }
    // The easternmost surveyor moves (either one when they share a column: they are alike).
    const int mover = columns_[0] <= columns_[1] ? 0 : 1;
    if (columns_[mover] >= westernmost) return move;  // no tile west of them: neither moves
    ++columns_[mover];
    move.step = Step::Moved;
    move.surveyor = mover;
    move.column = columns_[mover];
    return move;
}

TokenMove Surveyors::tokenMove(const Move& move) {
    switch (move.step) {
        case Step::Moved:
            return TokenMove::SurveyorMoved;
        case Step::Advanced:
            return TokenMove::SurveyorAdvanced;
        case Step::Entered:
            return TokenMove::SurveyorEntered;
        case Step::Waiting:  // not logged: nothing moves
        case Step::Stayed:
            break;
    }
    return TokenMove::SurveyorsStayed;
}

}  // namespace carc::newworld
