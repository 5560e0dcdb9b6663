// Answers the WebGL state queries ImGui's OpenGL3 back end makes every frame from a copy kept in the
// page, instead of the GPU process.
#pragma once

namespace web {

// ImGui's back end saves the GL state before drawing and restores it after, with glGetIntegerv. Seven
// of those queries (the scissor box, the blend factors and equations) are not answered by the browser's
// own state copy: each waits for the GPU process to finish everything queued before it (on the first
// frame the tile art's upload, 12 ms on the bench's machine; about 2 ms every frame after;
// docs/load-time.md, "ImGui's state queries"). After this, the context's scissor() and blend*() calls
// keep those values in the page and getParameter answers them from there; a call whose arguments the
// browser might refuse drops the copy, so the next query asks the GPU process again and the answer is
// always the context's. Call once the context is current.
void shadowGlState();

}  // namespace web
