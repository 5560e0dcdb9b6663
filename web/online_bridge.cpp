#include "online_bridge.hpp"

#include <emscripten.h>
#include <emscripten/html5.h>

#include "after_frame.hpp"
#include "app.hpp"

// Game -> page (set by shell/online.js; absent on a page without it: nothing happens).
EM_JS(void, carc_online_out, (const char* what, const char* text), {
    if (Module['onlineOut']) Module['onlineOut'](UTF8ToString(what), UTF8ToString(text));
});

namespace web::online {
namespace {
App* theApp = nullptr;
AfterFrame afterFrame;
}  // namespace

void attach(App* app) {
    theApp = app;
}

void toPage(const char* what, const std::string& text) {
    carc_online_out(what, text.c_str());
}

void enterAfterFrame(const std::string& room) {
    afterFrame.run([room] { toPage("enter", room); });
}

void beginFrame() {
    afterFrame.beginFrame();
}

void endFrame() {
    afterFrame.endFrame();
}

bool pageHidden() {
    EmscriptenVisibilityChangeEvent status{};
    return emscripten_get_visibility_status(&status) == EMSCRIPTEN_RESULT_SUCCESS && status.hidden;
}

}  // namespace web::online

// Page -> game.
extern "C" {

// One message from the game server, as received (JSON text).
void carc_online_receive(const char* json) {
    if (web::online::theApp && json) web::online::theApp->onlineReceive(json);
}

// The connection: state "off", "connecting", "connected", "retrying" (next try in retryIn seconds),
// "unavailable" (no game server answers), "incompatible" (another protocol version).
void carc_online_link(const char* state, int retryIn) {
    if (!web::online::theApp || !state) return;
    const std::string s = state;
    const web::Link link = s == "connecting"     ? web::Link::Connecting
                           : s == "connected"    ? web::Link::Connected
                           : s == "retrying"     ? web::Link::Retrying
                           : s == "unavailable"  ? web::Link::Unavailable
                           : s == "incompatible" ? web::Link::Incompatible
                                                 : web::Link::Off;
    web::online::theApp->onlineLink(link, retryIn);
}

// The page goes to a room (invitation link, lobby); its messages follow once connected.
void carc_online_enter(const char* room) {
    if (web::online::theApp && room) web::online::theApp->onlineEntering(room);
}

// The page's own address, for invitation links (`<base>#room=<id>`).
void carc_online_configure(const char* inviteBase) {
    if (web::online::theApp && inviteBase) web::online::theApp->setInviteBase(inviteBase);
}

// The switches of the "your turn" alerts as the page keeps them (shell/turn_alert.js); notifyOffered:
// the browser has notifications and has not refused them.
void carc_online_alerts(int sound, int notify, int notifyOffered) {
    if (web::online::theApp) web::online::theApp->setTurnAlerts(sound != 0, notify != 0, notifyOffered != 0);
}

// The page saved the finished online game under `name`.
void carc_online_saved(const char* name) {
    if (web::online::theApp && name) web::online::theApp->setOnlineSavedAs(name);
}

}  // extern "C"
