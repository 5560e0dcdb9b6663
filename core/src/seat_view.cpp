#include "carc/seat_view.hpp"

namespace carc {

SeatViews::SeatViews(int players) : given_(static_cast<std::size_t>(players + 1) * 2) {}

std::vector<bool>& SeatViews::given(int seat, SecretKind kind) {
    return given_[static_cast<std::size_t>(seat + 1) * 2 + static_cast<std::size_t>(kind)];
}

std::vector<Reveal> SeatViews::catchUp(const Game& game, int seat) {
    std::vector<Reveal> fresh;
    for (const Reveal& r : game.secretsVisibleTo(seat)) {
        auto& seen = given(seat, r.kind);
        if (static_cast<std::size_t>(r.index) >= seen.size()) seen.resize(static_cast<std::size_t>(r.index) + 1);
        if (seen[static_cast<std::size_t>(r.index)]) continue;
        seen[static_cast<std::size_t>(r.index)] = true;
        fresh.push_back(r);
    }
    return fresh;
}

Problem dealtRecordFor(const Record& full, int seat, Catalog& catalog, Record& out) {
    if (full.setup.dealt) return Problem(ProblemCode::AlreadyDealt);
    Problem error;
    auto game = catalog.newGame(full.setup, error);
    if (!game) return error;
    if (seat < -1 || seat >= game->playerCount()) return Problem(ProblemCode::NoSuchSeat).with(Param::Seat, seat);
    SeatViews views(game->playerCount());
    out = Record{};
    out.setup = game->setup();
    out.setup.seed = 0;
    out.setup.dealt = true;
    out.setup.pileSize = game->deckSize();
    out.setup.deck.clear();
    out.setup.reveals = views.catchUp(*game, seat);
    for (std::size_t i = 0; i < full.actions.size(); ++i) {
        if (Problem problem = game->apply(full.actions[i])) {
            problem.action = static_cast<int>(i) + 1;
            return problem;
        }
        for (const Reveal& r : views.catchUp(*game, seat)) out.reveals.push_back({i, r});
        out.actions.push_back(full.actions[i]);
    }
    return {};
}

}  // namespace carc
