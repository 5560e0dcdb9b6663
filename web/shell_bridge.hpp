// The game's side of the page interface (shell/README.md). The page starts games from seed links,
// play-by-link fragments, saves and embedding commands through exported C functions (carc_start_*),
// reads the record back (carc_record_text/link), and hears about the game through one callback,
// Module.onGameEvent(json): `started`, `action`, `gameOver`. Storage, links, clipboard, files and
// postMessage are the page's job; this file only translates between the page and App.
#pragma once

namespace web {
class App;
class Match;
}  // namespace web

namespace web::shell {

void attach(App* app);
// Embed mode (?embed=1): the page's own buttons (Share, Saves, Embed) are not drawn.
void setEmbedded(bool embedded);
bool embedded();

// App calls this when a game starts (from the setup screen or from the page) ...
void gameStarted(const Match& match);
// ... and once per frame: reports actions committed since the last frame and the end of the game.
void watch(const Match* match);

// The Share / Saves / Embed buttons (only Saves on the setup screen); they open the page's dialogs.
void drawButtons(bool playing);

}  // namespace web::shell
