#include "carc/feature_report.hpp"

namespace carc {

std::optional<FeatureReport> reportFeature(const Game& game, Pos pos, int index) {
    const int id = game.segmentId(pos, index);
    if (id < 0) return std::nullopt;
    const Features& features = game.features();
    const int root = features.find(id);
    const FeatureData& data = features.data(root);
    FeatureReport report;
    report.kind = game.kindName(id);
    report.tiles = features.distinctTiles(root);
    report.complete = data.open == 0;
    const auto& symbolNames = game.tileSet().symbols;
    for (std::size_t s = 0; s < symbolNames.size() && s < data.symbols.size(); ++s)
        if (data.symbols[s] > 0) report.symbols.push_back({symbolNames[s], data.symbols[s]});
    for (int p = 0; p < game.playerCount(); ++p) report.followers[p] = data.followers[p];
    report.followerTotal = data.followerTotal;
    report.majority = features.majority(root);
    report.ifCompleted = game.featureScore(id, ScoreMoment::Completed);
    report.takenBack = game.featureScore(id, ScoreMoment::TakenBack);
    report.atEnd = game.featureScore(id, ScoreMoment::GameEnd);
    report.bonusIfCompleted = game.featureBonuses(id, ScoreMoment::Completed);
    report.bonusAtEnd = game.featureBonuses(id, ScoreMoment::GameEnd);
    report.pieces = game.featurePieces(id);
    features.forEachSegment(root, [&](int s) {
        const SegmentInfo& info = features.segment(s);
        report.places.push_back({game.board().tiles()[info.tile].pos, info.index});
    });
    return report;
}

}  // namespace carc
