// Load-time marks: performance.mark() entries named "carc:<step>" at the steps of start-up, each once
// per page, for tools/bench-load.sh (docs/load-time.md). They only record a time: nothing reads them
// but the measuring tool.
#pragma once

namespace web::marks {

// Marks `name` ("carc:" is put in front) the first time it is called with that name.
void once(const char* name);
// The App drew the board this frame, with the tile art or (art still on its way) plain colours.
void boardDrawn(bool withArt);
// The frame is on screen: marks the first frame, the first with the board, the first with its art.
void frameShown();

}  // namespace web::marks
