#include "migrations.hpp"

namespace carc::server {

namespace {

void refuseNewer(int found, const Schema& schema) {
    if (found > schema.latest())
        throw SchemaTooNew("the database's schema is version " + std::to_string(found) +
                           ", newer than this carc-server knows (version " + std::to_string(schema.latest()) +
                           "): run the carc-server that made it, or a newer one");
}

}  // namespace

Migration migrate(SchemaDatabase& db, const Schema& schema, std::int64_t nowMs,
                  const std::function<void(const std::string&)>& log) {
    for (std::size_t i = 0; i < schema.steps.size(); ++i)
        if (schema.steps[i].version != static_cast<int>(i) + 1)
            throw StoreError("schema step " + std::to_string(i + 1) + " is numbered " +
                             std::to_string(schema.steps[i].version));
    db.exec(schema.versionTable);
    Migration m;
    m.from = m.to = db.recordedVersion();
    refuseNewer(m.from, schema);
    for (const auto& step : schema.steps) {
        if (step.version <= m.to) continue;
        bool applied = false;
        db.transaction([&] {
            // Another process may have applied it (or a newer one) since we looked.
            const int now = db.recordedVersion();
            refuseNewer(now, schema);
            if (now >= step.version) return;
            db.exec(step.sql);
            db.recordVersion(step.version, nowMs);
            applied = true;
        });
        m.to = step.version;
        if (applied && log) log("schema step " + std::to_string(step.version) + " applied: " + step.what);
    }
    return m;
}

}  // namespace carc::server
