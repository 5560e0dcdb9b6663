// libFuzzer target for the record parser: text records (carc::replayText) and their link form
// (carc::decodeRecord). Beyond "no crash, no sanitizer report" it checks that whatever part of a
// record was accepted survives formatting and the link form unchanged, and that a refusal is a problem
// with the parameters its code declares (docs/events.md), which the English wording can word.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "carc/english.hpp"
#include "carc/event_json.hpp"
#include "carc/modes.hpp"
#include "carc/record.hpp"
#include "source_tree/source_tree.hpp"

namespace {

carc::Catalog& catalog() {
    static carc::Catalog instance(carc::folderSource(carc::source_tree::tilesets()));
    return instance;
}

[[noreturn]] void broken(const char* property, const std::string& detail) {
    std::fprintf(stderr, "record_fuzz: %s\n%s\n", property, detail.c_str());
    std::abort();
}

// The parameter names a problem carries, blank-separated, as its code declares them.
void checkProblem(const carc::Problem& problem) {
    if (!problem) return;
    std::string names;
    for (const auto& [name, value] : problem.params)
        names += (names.empty() ? "" : " ") + std::string(carc::paramKey(name));
    const std::string text = carc::english::describe(problem);
    const std::string json = carc::json::dump(carc::json::problem(problem));
    if (names != carc::problemInfo(problem.code).params)
        broken("a problem carries other parameters than declared", json);
    if (text.empty()) broken("a problem has no wording", json);
}

// A record the engine accepted (all of it, or the actions before the first bad one) must come back
// the same from its text form and from its link form.
void checkRoundTrips(const carc::Replay& replay) {
    if (!replay.game) return;
    const carc::TileSet& tiles = replay.game->tileSet();
    const std::string text = carc::formatRecord(replay.record, tiles);
    const std::string state = replay.game->stateText();

    carc::Replay again = carc::replayText(text, catalog());
    if (again.error)
        broken("the accepted part of a record does not replay", carc::english::describe(again.error) + "\n" + text);
    if (carc::formatRecord(again.record, tiles) != text) broken("formatting a record is not stable", text);
    if (again.game->stateText() != state) broken("replaying the formatted record gives another state", text);

    const std::string link = carc::encodeRecord(replay.record, tiles);
    carc::Record decoded;
    carc::Problem error;
    if (!carc::decodeRecord(link, catalog(), decoded, error))
        broken("a link does not decode", carc::english::describe(error) + "\n" + text);
    if (carc::formatRecord(decoded, tiles) != text) broken("a link decodes to another record", link + "\n" + text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);

    const carc::Replay fromText = carc::replayText(input, catalog());
    checkProblem(fromText.error);
    checkRoundTrips(fromText);

    carc::Record record;
    carc::Problem error;
    if (carc::decodeRecord(input, catalog(), record, error)) {
        const carc::Replay fromLink = carc::replayRecord(record, catalog());
        checkProblem(fromLink.error);
        checkRoundTrips(fromLink);
    } else {
        checkProblem(error);
    }
    return 0;
}
