// Gold Rush scoring (RULES.md §5): step 3 of a turn, and final scoring.
#include <algorithm>
#include <array>

#include "goldrush_game.hpp"

namespace carc::goldrush {

// ---- Step 3: railroads, mountains and cities the tile completed.

void GoldRushGame::scoreCompleted() {
    std::vector<int>& roots = scoreRoots_;
    std::vector<int>& done = scoreDone_;
    done.clear();
    rootsOfTile(lastTile(), roots);
    for (int root : roots) {
        const FeatureData& d = features().data(root);
        if (d.open != 0 || std::find(done.begin(), done.end(), root) != done.end()) continue;
        done.push_back(root);
        if (d.kind == railroadKind_)
            scoreRailroad(root, false);
        else if (d.kind == mountainKind_)
            scoreMountain(root, false);
    }
    // A city is complete once every railroad leaving it is; only a merchant cares.
    for (std::size_t i = followers_.size(); i-- > 0;) {
        if (features().segment(followers_[i].segment).kind != cityKind_) continue;
        if (railroadsOf(followers_[i].segment).allComplete()) scoreCity(i, false);
    }
}

// Railroad: majority scores 1 per tile; during play doubled by exactly one locomotive.
Breakdown GoldRushGame::railroadScore(int root, bool final) const {
    const int tiles = features().distinctTiles(root);
    const int locos = loco_ >= 0 ? features().data(root).symbols[loco_] : 0;
    if (final) return Breakdown(ScoreRule::RailroadIncomplete).add(PartKind::Tiles, tiles, 1);
    if (locos == 1)
        return Breakdown(ScoreRule::RailroadDoubled).add(PartKind::Tiles, tiles, 2).add(PartKind::Locomotives, 1, 0);
    if (locos > 1)
        return Breakdown(ScoreRule::RailroadNotDoubled)
            .add(PartKind::Tiles, tiles, 1)
            .add(PartKind::Locomotives, locos, 0);
    return Breakdown(ScoreRule::RailroadComplete).add(PartKind::Tiles, tiles, 1);
}

void GoldRushGame::scoreRailroad(int root, bool final) {
    const std::uint32_t winners = features().majority(root);
    if (winners) {
        const Breakdown breakdown = railroadScore(root, final);
        for (int p = 0; p < playerCount(); ++p)
            if (winners & (1u << p)) addScore(p, Railroad, breakdown.points(), breakdown, final, root);
    }
    returnFollowers(root);
}

// Mountain: 1 per nugget symbol (the mining tokens are shared out besides).
Breakdown GoldRushGame::mountainScore(int root, bool final) const {
    const int symbols = nugget_ >= 0 ? features().data(root).symbols[nugget_] : 0;
    return Breakdown(final ? ScoreRule::GoldRushMountainIncomplete : ScoreRule::GoldRushMountainComplete)
        .add(PartKind::NuggetSymbols, symbols, 1);
}

// Mountain: during play the miner majority first takes the remaining tokens, then scores 1 per
// nugget symbol; at the end the tokens leave first. Either way tents go home.
void GoldRushGame::scoreMountain(int root, bool final) {
    const std::uint32_t winners = features().majority(root);
    if (!final && winners) {
        shareTokens(root, winners);
    } else if (const int left = tokens_.discard(features(), root); left > 0 && logging()) {
        logToken(final ? TokenMove::TokensLeftAtEnd : TokenMove::TokensLostNoMiner, -1, root, left);
    }
    sendTentsHome(root, final ? TokenMove::TentReturnedGameOver : TokenMove::TentReturnedMountainComplete);
    if (winners) {
        const Breakdown breakdown = mountainScore(root, final);
        for (int p = 0; p < playerCount(); ++p)
            if (winners & (1u << p)) addScore(p, Mountain, breakdown.points(), breakdown, final, root);
    }
    returnFollowers(root);
}

// Tied players take one token each in turn, starting with the active player if tied, else with the
// next tied player clockwise.
void GoldRushGame::shareTokens(int root, std::uint32_t winners) {
    int taker = activePlayer();
    while (!(winners & (1u << taker))) taker = (taker + 1) % playerCount();
    while (tokens_.take(features(), root, taker)) {
        if (logging()) logToken(TokenMove::TokenTaken, taker, root, tokens_.held(taker));
        do taker = (taker + 1) % playerCount();
        while (!(winners & (1u << taker)));
    }
}

void GoldRushGame::sendTentsHome(int root, TokenMove why) {
    for (int p = 0; p < playerCount(); ++p) {
        if (tents_[p] < 0 || features().find(tents_[p]) != root) continue;
        if (logging()) logToken(why, p, tents_[p]);
        tents_[p] = -1;
    }
}

GoldRushGame::CityRailroads GoldRushGame::railroadsOf(int citySegment) const {
    const auto& info = features().segment(citySegment);
    const PlacedTile& tile = board().tiles()[info.tile];
    const SegmentDef& city = tileSet().designs[tile.design].segments[info.index];
    std::array<int, kMaxSegments> railroads{};  // on the stack: this runs for every merchant every turn
    int railroadCount = 0;
    CityRailroads counted;
    for (int s = 0; s < kMaxSegments; ++s) {
        if (!(city.touches & (1u << s))) continue;
        const int root = features().find(tile.firstSegment + s);
        if (features().data(root).kind != railroadKind_) continue;
        const auto end = railroads.begin() + railroadCount;
        if (std::find(railroads.begin(), end, root) != end) continue;
        railroads[static_cast<std::size_t>(railroadCount++)] = root;  // a railroad that leaves and returns counts once
        ++counted.leaving;
        if (features().data(root).open == 0) ++counted.complete;
    }
    return counted;
}

// City: its merchant scores 3 per complete railroad connected to it.
Breakdown GoldRushGame::cityScore(int completeRailroads, bool final) {
    return Breakdown(final ? ScoreRule::GoldRushCityIncomplete : ScoreRule::GoldRushCityComplete)
        .add(PartKind::CompleteRailroads, completeRailroads, 3);
}

void GoldRushGame::scoreCity(std::size_t merchantIndex, bool final) {
    const Follower merchant = followers_[merchantIndex];
    const Breakdown breakdown = cityScore(railroadsOf(merchant.segment).complete, final);
    addScore(merchant.player, City, breakdown.points(), breakdown, final, merchant.segment);
    returnFollower(merchantIndex);
}

// ---- Final scoring, in the rule page's order.

void GoldRushGame::finalScoring() {
    // Final scoring proper runs when the draw pile has run out at the start of a turn; anything else is
    // a what-if (scoresIfEndedNow), which must not turn hidden tokens over.
    const bool provisional = !(phase() == Phase::PlaceTile && tileChoices().empty());
    auto scoreEach = [&](int kind, auto&& score) {
        for (std::size_t i = 0; i < followers_.size();) {
            if (features().segment(followers_[i].segment).kind == kind)
                score(i);
            else
                ++i;
        }
    };
    scoreEach(railroadKind_, [&](std::size_t i) { scoreRailroad(features().find(followers_[i].segment), true); });
    // Every unfinished mountain: tents and tokens leave, then its miners score.
    std::vector<int> mountains;
    for (int segment : mountainSegments_) {
        const int root = features().find(segment);
        if (std::find(mountains.begin(), mountains.end(), root) == mountains.end()) mountains.push_back(root);
    }
    for (int root : mountains) scoreMountain(root, true);
    scoreEach(cityKind_, [&](std::size_t i) { scoreCity(i, true); });
    scorePrairies();
    scoreGold(provisional);
}

// Prairie: the farmer majority scores 2 per tipi camp and 4 per herd of wild horses.
Breakdown GoldRushGame::prairieScore(int root) const {
    const int tipis = tipi_ >= 0 ? features().data(root).symbols[tipi_] : 0;
    const int herds = horses_ >= 0 ? features().data(root).symbols[horses_] : 0;
    return Breakdown(ScoreRule::Prairie).add(PartKind::TipiCamps, tipis, 2).add(PartKind::WildHorseHerds, herds, 4);
}

void GoldRushGame::scorePrairies() {
    std::vector<int> done;
    for (const auto& f : followers_) {
        const int root = features().find(f.segment);
        if (features().data(root).kind != prairieKind_ || std::find(done.begin(), done.end(), root) != done.end())
            continue;
        done.push_back(root);
        const std::uint32_t winners = features().majority(root);
        const Breakdown breakdown = prairieScore(root);
        for (int p = 0; p < playerCount(); ++p)
            if (winners & (1u << p)) addScore(p, Prairie, breakdown.points(), breakdown, true, root);
    }
}

// Gold: every player turns their tokens over. A what-if counts each hidden token at the box average.
void GoldRushGame::scoreGold(bool provisional) {
    for (int p = 0; p < playerCount(); ++p) {
        const int held = tokens_.held(p);
        if (held == 0) continue;
        if (provisional)
            addScore(p, Gold, kEstimatedNuggetsPerToken * held,
                     Breakdown(ScoreRule::GoldEstimate).add(PartKind::HiddenTokens, held, kEstimatedNuggetsPerToken),
                     true);
        else
            addScore(p, Gold, tokens_.nuggets(p), tokens_.breakdown(p), true);
    }
}

// The card's values: a city completed has every railroad leaving it complete.
Breakdown GoldRushGame::featureScore(int segmentId, ScoreMoment moment) const {
    if (moment == ScoreMoment::TakenBack) return {};
    const bool final = moment == ScoreMoment::GameEnd;
    const int root = features().find(segmentId);
    const int kind = features().data(root).kind;
    if (kind == railroadKind_) return railroadScore(root, final);
    if (kind == mountainKind_) return mountainScore(root, final);
    if (kind == cityKind_) {
        const CityRailroads railroads = railroadsOf(segmentId);
        return cityScore(final ? railroads.complete : railroads.leaving, final);
    }
    if (kind == prairieKind_ && final) return prairieScore(root);
    return {};
}

}  // namespace carc::goldrush
