// The dealer's side of dealt records (docs/record-format.md): what each seat of a game may know, as
// the game goes. After every action applied to the full (seeded) game, `catchUp` gives what a seat may
// know now and has not been given yet; written before that action in the seat's dealt record, these
// reveals let the seat's own game follow without ever holding a value the rules hide from it.
#pragma once

#include <string>
#include <vector>

#include "carc/game.hpp"
#include "carc/record.hpp"

namespace carc {

class SeatViews {
public:
    // Seats 0..players-1, and spectators (seat -1), who see only what is public.
    explicit SeatViews(int players);

    // What `seat` may know of `game` now and was not given before; remembered as given.
    std::vector<Reveal> catchUp(const Game& game, int seat);

private:
    std::vector<bool>& given(int seat, SecretKind kind);
    std::vector<std::vector<bool>> given_;  // per (seat + 1) * 2 + kind: which indices were given
};

// A seat's whole dealt record of a full record (what a seat that reconnects is sent): the same setup
// without its seed, every reveal at the moment that seat may know it. Returns the problem (none when
// fine).
Problem dealtRecordFor(const Record& full, int seat, Catalog& catalog, Record& out);

}  // namespace carc
