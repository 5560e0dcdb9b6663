// The replay viewer's state: a finished (or saved) game's full record and the step shown. The position
// on screen is always the core's game after the record's first `shown` actions (the front end holds no
// rules), rebuilt by replaying, as an undo does.
#pragma once

#include <memory>
#include <vector>

#include "carc/record.hpp"
#include "match.hpp"

namespace web {

struct ReplayViewer {
    carc::Record record;              // the whole game
    std::vector<Seat> seats;          // as they were played (controllers for "Play from here", colours)
    std::unique_ptr<Match> returnTo;  // the game the viewer was opened over, back on Close
    int shown = 0;                    // actions of the record applied in the position on screen
    bool playing = false;
    int speed = 1;  // 0 slow .. 3 fast
    double nextStepAt = 0;
    // The whole board is fitted above the timeline bar once the bar has been drawn (its height known).
    bool fitPending = true;
    float barHeight = 0;
    // The whole board would be too small to see (a phone, a long game): the camera follows each
    // step's tile instead.
    bool follow = false;
    // "Play from here" pressed: who plays each seat of the new game, chosen in its dialog (empty: closed).
    std::vector<std::string> newControllers;
    // The timeline bar's top edge on screen: a swipe starting below it is the bar's, not the board's.
    float barTop = 0;
    // turnStarts: the action index each turn begins at, and the record's length last.
    std::vector<int> turnStarts;
    // The score after each completed turn (the end screen's chart) and the action count it stands at.
    std::vector<std::vector<int>> history;
    std::vector<int> historyAt;

    int total() const { return static_cast<int>(record.actions.size()); }
    // The nearest turn start after / before `shown` (the ends at the ends).
    int nextTurn() const {
        for (int start : turnStarts)
            if (start > shown) return start;
        return total();
    }
    int previousTurn() const {
        int best = 0;
        for (int start : turnStarts)
            if (start < shown) best = start;
        return best;
    }
    // The chart step the position shown belongs to: the last completed turn at or before it.
    int historyIndex() const {
        int index = 0;
        for (size_t i = 0; i < historyAt.size(); ++i)
            if (historyAt[i] <= shown) index = static_cast<int>(i);
        return index;
    }
};

// Seconds between two steps of the playback per speed (slow .. fast).
double replayStepSeconds(int speed);

}  // namespace web
