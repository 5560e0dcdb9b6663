// Board coordinates, edges and the twelve ports around a tile.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace carc {

// x grows eastwards, y grows southwards (screen order), so north of (x, y) is (x, y - 1).
struct Pos {
    int x = 0;
    int y = 0;
    friend bool operator==(Pos a, Pos b) = default;
};

enum Dir : int { North = 0, East = 1, South = 2, West = 3 };

constexpr std::array<Pos, 4> kStep = {Pos{0, -1}, Pos{1, 0}, Pos{0, 1}, Pos{-1, 0}};

inline Pos step(Pos p, int dir) {
    return {p.x + kStep[dir].x, p.y + kStep[dir].y};
}

constexpr int opposite(int dir) {
    return (dir + 2) & 3;
}

// Each edge has three ports in clockwise order: for the north edge its west third, its centre and its
// east third. Port p lies on edge p / 3. Roads sit on centres, cities cover all three, fields the thirds.
constexpr int kPorts = 12;

constexpr int portEdge(int port) {
    return port / 3;
}

// Turning a tile a quarter clockwise moves every port to the next edge.
constexpr int rotatePort(int port, int quarterTurns) {
    return (port + 3 * quarterTurns) % kPorts;
}

// The port of the neighbour that touches `port` across its edge (third 0 meets third 2).
constexpr int facingPort(int port) {
    const int edge = portEdge(port);
    const int third = port % 3;
    return opposite(edge) * 3 + (2 - third);
}

// The two ports beside `port` going round the tile; segments whose ports are neighbours here touch.
constexpr int nextPortClockwise(int port) {
    return (port + 1) % kPorts;
}

std::string portName(int port);            // "N", "N.w", "E.s", ...
int parsePortName(std::string_view name);  // -1 when unknown; "N" is the centre port
int parseDirName(std::string_view name);   // "N","E","S","W" -> Dir, else -1
std::string posText(Pos p);                // "x,y"

}  // namespace carc
