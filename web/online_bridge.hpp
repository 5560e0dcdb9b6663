// The game's side of online play's page interface (shell/README.md, "Online play"): the page
// (shell/online.js) owns the WebSocket and the seats' secrets and hands every server message to
// the game; the game sends its messages and a few requests through Module.onlineOut(what, text).
#pragma once

#include <string>

namespace web {
class App;
}

namespace web::online {

void attach(App* app);
// what: "send" (a message for the server), "resync" (resume the seat, the game missed something),
// "enter" (go to the room `text`: watch it, or resume a seat held there), "leave", "copy" (the
// invitation link `text` to the clipboard), "turn" (`yours`: this page's seat has come to move; "":
// its turn is over), "alerts" (the alerts' switches, JSON {sound, notify}).
void toPage(const char* what, const std::string& text);
// "enter" the room `room`, once the frame being drawn (if any) has ended: the page enters it by
// calling back into the game, which then drops the match that frame draws (web/after_frame.hpp).
void enterAfterFrame(const std::string& room);
// Around each frame (main.cpp): what waited for its end runs at endFrame().
void beginFrame();
void endFrame();
// The page is in a background tab: the browser draws no frames there, so other seats' moves are
// applied as they come (nobody watches them being paced) and the page can alert a player at once.
bool pageHidden();

}  // namespace web::online
