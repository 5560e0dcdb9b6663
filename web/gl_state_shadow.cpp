#include "gl_state_shadow.hpp"

#include <emscripten.h>

namespace web {
namespace {

// The copy lives on the context object (GLctx, emscripten's current WebGL context). It starts from a
// new context's values as WebGL defines them (the scissor box is the drawing buffer), not from queries,
// which right after the context's creation wait for the GPU process to set it up. Values are
// recorded only for arguments WebGL 2 certainly accepts: blend factors from the list (the saturate
// one only as a source), never a constant colour against a constant alpha (WebGL refuses that
// pair), equations from the list, a scissor box of non-negative size. Anything else drops the values
// it could have changed. A lost or restored context starts over: its state is back to the defaults.
// (clang-format would break the JavaScript's arrows.)
// clang-format off
EM_JS(void, carc_shadow_gl_state, (), {
    const gl = GLctx;
    if (!gl || gl.carcStateShadow) return;
    const shadow = new Map();
    gl.carcStateShadow = shadow;
    const realGetParameter = gl.getParameter;
    const copy = (value) => (value instanceof Int32Array ? value.slice() : value);
    const fill = () => {
        shadow.clear();
        if (gl.isContextLost()) return;
        shadow.set(gl.SCISSOR_BOX, Int32Array.of(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight));
        for (const name of [gl.BLEND_SRC_RGB, gl.BLEND_SRC_ALPHA]) shadow.set(name, gl.ONE);
        for (const name of [gl.BLEND_DST_RGB, gl.BLEND_DST_ALPHA]) shadow.set(name, gl.ZERO);
        for (const name of [gl.BLEND_EQUATION_RGB, gl.BLEND_EQUATION_ALPHA]) shadow.set(name, gl.FUNC_ADD);
    };
    gl.getParameter = function(name) {
        return shadow.has(name) ? copy(shadow.get(name)) : realGetParameter.call(this, name);
    };

    const factors = new Set([gl.ZERO, gl.ONE, gl.SRC_COLOR, gl.ONE_MINUS_SRC_COLOR, gl.DST_COLOR,
                             gl.ONE_MINUS_DST_COLOR, gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.DST_ALPHA,
                             gl.ONE_MINUS_DST_ALPHA, gl.CONSTANT_COLOR, gl.ONE_MINUS_CONSTANT_COLOR,
                             gl.CONSTANT_ALPHA, gl.ONE_MINUS_CONSTANT_ALPHA]);
    const constantColour = new Set([gl.CONSTANT_COLOR, gl.ONE_MINUS_CONSTANT_COLOR]);
    const constantAlpha = new Set([gl.CONSTANT_ALPHA, gl.ONE_MINUS_CONSTANT_ALPHA]);
    const sourceFactor = (f) => factors.has(f) || f === gl.SRC_ALPHA_SATURATE;
    const colourPairAccepted = (src, dst) => !((constantColour.has(src) && constantAlpha.has(dst)) ||
                                               (constantAlpha.has(src) && constantColour.has(dst)));
    const equations = new Set([gl.FUNC_ADD, gl.FUNC_SUBTRACT, gl.FUNC_REVERSE_SUBTRACT, gl.MIN, gl.MAX]);
    const record = (names, values, accepted) => {
        for (let i = 0; i < names.length; ++i) {
            if (accepted && !gl.isContextLost()) shadow.set(names[i], values[i]);
            else shadow.delete(names[i]);
        }
    };
    const wrap = (method, after) => {
        const real = gl[method];
        gl[method] = function(...args) {
            real.apply(this, args);
            after(...args);
        };
    };
    wrap('scissor', (x, y, width, height) => {
        const box = Int32Array.of(x, y, width, height);
        record([gl.SCISSOR_BOX], [box], box[2] >= 0 && box[3] >= 0);
    });
    wrap('blendFunc', (src, dst) => {
        record([gl.BLEND_SRC_RGB, gl.BLEND_SRC_ALPHA, gl.BLEND_DST_RGB, gl.BLEND_DST_ALPHA], [src, src, dst, dst],
               sourceFactor(src) && factors.has(dst) && colourPairAccepted(src, dst));
    });
    wrap('blendFuncSeparate', (srcRgb, dstRgb, srcAlpha, dstAlpha) => {
        record([gl.BLEND_SRC_RGB, gl.BLEND_DST_RGB, gl.BLEND_SRC_ALPHA, gl.BLEND_DST_ALPHA],
               [srcRgb, dstRgb, srcAlpha, dstAlpha],
               sourceFactor(srcRgb) && factors.has(dstRgb) && sourceFactor(srcAlpha) && factors.has(dstAlpha) &&
                   colourPairAccepted(srcRgb, dstRgb));
    });
    wrap('blendEquation', (mode) => {
        record([gl.BLEND_EQUATION_RGB, gl.BLEND_EQUATION_ALPHA], [mode, mode], equations.has(mode));
    });
    wrap('blendEquationSeparate', (rgb, alpha) => {
        record([gl.BLEND_EQUATION_RGB, gl.BLEND_EQUATION_ALPHA], [rgb, alpha], equations.has(rgb) && equations.has(alpha));
    });
    gl.canvas.addEventListener('webglcontextlost', () => shadow.clear());
    gl.canvas.addEventListener('webglcontextrestored', fill);
    fill();
});
// clang-format on

}  // namespace

void shadowGlState() {
    carc_shadow_gl_state();
}

}  // namespace web
