#include "carc/geometry.hpp"

namespace carc {

namespace {
constexpr const char* kDirNames = "NESW";
// Which compass side each third of an edge lies on: the north edge runs west to east clockwise.
constexpr const char* kThirdNames[4][2] = {{"w", "e"}, {"n", "s"}, {"e", "w"}, {"s", "n"}};
}  // namespace

std::string portName(int port) {
    const int edge = portEdge(port);
    const int third = port % 3;
    std::string name(1, kDirNames[edge]);
    if (third == 1) return name;
    return name + "." + kThirdNames[edge][third == 0 ? 0 : 1];
}

int parseDirName(std::string_view name) {
    if (name.size() != 1) return -1;
    for (int d = 0; d < 4; ++d)
        if (name[0] == kDirNames[d]) return d;
    return -1;
}

int parsePortName(std::string_view name) {
    if (name.empty()) return -1;
    const int edge = parseDirName(name.substr(0, 1));
    if (edge < 0) return -1;
    if (name.size() == 1) return edge * 3 + 1;
    if (name.size() != 3 || name[1] != '.') return -1;
    for (int t = 0; t < 2; ++t)
        if (name.substr(2) == kThirdNames[edge][t]) return edge * 3 + (t == 0 ? 0 : 2);
    return -1;
}

std::string posText(Pos p) {
    return std::to_string(p.x) + "," + std::to_string(p.y);
}

}  // namespace carc
