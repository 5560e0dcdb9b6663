#include "key_focus.hpp"

#include <vector>

#include "imgui.h"
#include "imgui_internal.h"

namespace web::keys {
namespace {

struct Stop {
    ImGuiID id = 0;
    ImGuiWindow* window = nullptr;
    ImRect rect;
};

int tab = -1;  // ImGui's key index of Tab, kept from the back end's map
std::vector<Stop> stops;
ImRect focused;  // the stop the keyboard's focus is drawn on, in the frame being drawn / the last one
bool hasFocused = false, focusedNow = false;

// The stops Tab cycles: those of the open popup if there is one (a combo's entries, the spot choice),
// else every stop of the frame.
std::vector<Stop> ring() {
    const ImGuiContext& g = *GImGui;
    if (g.OpenPopupStack.Size == 0) return stops;
    const ImGuiWindow* popup = g.OpenPopupStack.back().Window;
    std::vector<Stop> inPopup;
    for (const Stop& s : stops)
        if (s.window == popup || (s.window && s.window->RootWindow == popup)) inPopup.push_back(s);
    return inPopup;
}

void focus(const Stop& s) {
    ImGuiContext& g = *GImGui;
    ImGui::FocusWindow(s.window);
    ImGui::SetFocusID(s.id, s.window);
    const ImVec2 at = s.window->Pos;
    s.window->NavRectRel[g.NavLayer] =
        ImRect(s.rect.Min.x - at.x, s.rect.Min.y - at.y, s.rect.Max.x - at.x, s.rect.Max.y - at.y);
    g.NavDisableHighlight = false;  // the focus is drawn (ImGuiCol_NavHighlight)
    g.NavDisableMouseHover = true;
    ImGui::ScrollToRect(s.window, s.rect);
}

}  // namespace

void takeTab() {
    ImGuiIO& io = ImGui::GetIO();
    tab = io.KeyMap[ImGuiKey_Tab];
    io.KeyMap[ImGuiKey_Tab] = -1;
}

bool focusedCentre(float& x, float& y) {
    if (!hasFocused) return false;
    x = focused.GetCenter().x, y = focused.GetCenter().y;
    return true;
}

void beginFrame() {
    stops.clear();
    hasFocused = focusedNow;
    focusedNow = false;
}

void stop() {
    const ImGuiContext& g = *GImGui;
    if (g.LastItemData.ID == 0 || !g.CurrentWindow) return;
    stops.push_back(Stop{g.LastItemData.ID, g.CurrentWindow, g.LastItemData.Rect});
    if (g.NavId == g.LastItemData.ID && g.NavWindow && !g.NavDisableHighlight) {
        focused = g.LastItemData.Rect;
        focusedNow = true;
    }
}

bool boardHasKeys() {
    const ImGuiContext& g = *GImGui;
    const bool navigating = g.IO.ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard;
    return (g.NavWindow == nullptr || !navigating) && g.ActiveId == 0 && g.OpenPopupStack.Size == 0;
}

void focusBoard() {
    ImGui::FocusWindow(nullptr);
}

void endFrame() {
    ImGuiContext& g = *GImGui;
    ImGuiIO& io = ImGui::GetIO();
    // Escape in a window: ImGui dropped the item's focus (and closed a popup first); the board takes the keys.
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)) && g.NavWindow && g.NavId == 0 && g.ActiveId == 0 &&
        g.OpenPopupStack.Size == 0)
        focusBoard();
    // ImGui's keyboard navigation (arrows, Space, Enter in windows) is on from a Tab until the next click:
    // a mouse player's windows never take the keys, which stay the board's and the replay's.
    if (io.MouseClicked[0] || io.MouseClicked[1]) io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
    // Enter presses the focused button as Space does (ImGui 1.86 gives Enter to text fields only).
    const bool enter = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) ||
                       ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter));
    if (enter && g.NavWindow && g.NavId != 0 && g.ActiveId == 0 && !g.NavDisableHighlight && !io.WantTextInput)
        ImGui::ActivateItem(g.NavId);  // in the next frame
    if (tab < 0 || !ImGui::IsKeyPressed(tab) || io.KeyCtrl || io.KeyAlt) return;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    if (g.ActiveId != 0 && io.WantTextInput) ImGui::ClearActiveID();  // Tab leaves a name field being edited
    const std::vector<Stop> all = ring();
    if (all.empty()) return;
    int at = -1;  // -1: the board
    for (size_t i = 0; i < all.size(); ++i)
        if (g.NavWindow && all[i].id == g.NavId) at = static_cast<int>(i);
    const bool inPopup = g.OpenPopupStack.Size > 0;
    const int count = static_cast<int>(all.size());
    int next = io.KeyShift ? (at < 0 ? count - 1 : at - 1) : at + 1;
    if (inPopup) next = (next + count) % count;  // a popup's ring has no board stop
    if (next < 0 || next >= count)
        focusBoard();
    else
        focus(all[static_cast<size_t>(next)]);
}

}  // namespace web::keys
