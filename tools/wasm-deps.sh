#!/usr/bin/env bash
# Builds the WebAssembly libraries the browser game links: SDL2, Dear ImGui and libdeflate's
# decompressor, compiled from Debian's own source packages with Debian's emscripten (facts: shared/TOOLCHAIN.md).
# Idempotent: a library already in build/deps/ is not rebuilt. Needs: emscripten, dpkg-dev (for
# `apt-get source`), root or a writable apt cache. The machine's own apt sources are left alone:
# a private apt configuration under build/deps/apt adds the deb-src entries.
#
#   tools/wasm-deps.sh            # build what is missing
#   tools/wasm-deps.sh --force    # rebuild them all
#
# Results: build/deps/sdl2/{include,libSDL2.a}, build/deps/imgui/{include,libimgui.a},
# build/deps/libdeflate/{include,libdeflate.a}.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEPS="$ROOT/build/deps"
JOBS="${JOBS:-2}"
FORCE=0
[[ "${1:-}" == "--force" ]] && FORCE=1
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
# emcc hands each compile to clang through ccache when it is there (tools/setup.sh native): a machine
# that built these once rebuilds them from its cache, whichever clone asks.
if command -v ccache >/dev/null; then
    export EM_COMPILER_WRAPPER=ccache CCACHE_BASEDIR="$ROOT" CCACHE_NOHASHDIR=1
fi

say() { printf 'wasm-deps: %s\n' "$*" >&2; }
need() { command -v "$1" >/dev/null || { say "missing '$1' (run tools/setup.sh wasm)"; exit 1; }; }
need emcc
need em++
need emar
need apt-get
command -v dpkg-source >/dev/null || { say "installing dpkg-dev (for apt-get source)"; apt-get install -y dpkg-dev >/dev/null; }

mkdir -p "$DEPS"

# ---- private apt configuration with deb-src entries -------------------------------------------
APT_DIR="$DEPS/apt"
apt_private() {
    apt-get -o Dir::Etc::SourceList=/dev/null \
            -o Dir::Etc::SourceParts="$APT_DIR/sources.list.d" \
            -o Dir::State::Lists="$APT_DIR/lists" \
            -o Dir::Cache="$APT_DIR/cache" \
            -o Debug::NoLocking=1 \
            -o APT::Sandbox::User=root "$@"
}
apt_ready=0
prepare_apt() {
    [[ $apt_ready == 1 ]] && return
    # Lists fetched earlier in this run (a subshell) or a previous run are reused.
    if compgen -G "$APT_DIR/lists/*Sources*" >/dev/null; then apt_ready=1; return; fi
    mkdir -p "$APT_DIR/sources.list.d" "$APT_DIR/lists/partial" "$APT_DIR/cache/archives/partial"
    local out="$APT_DIR/sources.list.d/deb-src.sources"
    : >"$out"
    # The same repositories as the machine's own deb822 sources, as deb-src.
    for f in /etc/apt/sources.list.d/*.sources; do
        [[ -f "$f" ]] || continue
        sed -e 's/^Types:.*/Types: deb-src/' "$f" >>"$out"
        printf '\n' >>"$out"
    done
    # One-line sources (older machines): turn `deb` lines into `deb-src`.
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [[ -f "$f" ]] || continue
        grep -E '^deb ' "$f" | sed -e 's/^deb /deb-src /' >"$APT_DIR/sources.list.d/$(basename "$f" .list)-src.list" || true
    done
    say "updating the private deb-src package lists"
    apt_private update -qq
    apt_ready=1
}

# Downloads and unpacks Debian's source of PACKAGE into $DEPS/src/PACKAGE; prints the folder.
fetch_source() {
    local pkg="$1" dir="$DEPS/src/$1"
    if ! compgen -G "$dir/*/" >/dev/null; then
        prepare_apt
        rm -rf "$dir" && mkdir -p "$dir"
        say "fetching Debian source package $pkg"
        (cd "$dir" && apt_private source --download-only -qq "$pkg" >/dev/null)
        local orig
        orig="$(ls "$dir"/*.orig.tar.* | head -n1)"
        tar -xf "$orig" -C "$dir"
    fi
    compgen -G "$dir/*/" | head -n1 | sed 's:/$::'
}

# Compiles a list of sources (relative to SRC_DIR) in parallel into OBJ_DIR and archives them.
compile_archive() {
    local compiler="$1" src_dir="$2" obj_dir="$3" archive="$4"; shift 4
    local -a flags=()
    while [[ "$1" != "--" ]]; do flags+=("$1"); shift; done
    shift
    mkdir -p "$obj_dir"
    printf '%s\n' "$@" | xargs -P "$JOBS" -I{} sh -c '
        o="$0/$(echo "{}" | tr / _).o"
        "$1" -c "$2/{}" -o "$o" '"${flags[*]}"' || exit 255' "$obj_dir" "$compiler" "$src_dir"
    rm -f "$archive"
    emar rcs "$archive" "$obj_dir"/*.o
}

# ---- SDL2 -----------------------------------------------------------------------------------------
build_sdl2() {
    local out="$DEPS/sdl2"
    if [[ $FORCE == 0 && -f "$out/libSDL2.a" ]]; then say "SDL2 already built ($out)"; return; fi
    local src; src="$(fetch_source libsdl2)"
    # The file list of emscripten's own SDL2 port recipe, plus the files SDL 2.26 added.
    local -a files
    read -r -d '' -a files <<'LIST' || true
SDL.c SDL_assert.c SDL_dataqueue.c SDL_error.c SDL_hints.c SDL_log.c atomic/SDL_atomic.c
atomic/SDL_spinlock.c audio/SDL_audio.c audio/SDL_audiocvt.c audio/SDL_audiodev.c
audio/SDL_audiotypecvt.c audio/SDL_mixer.c audio/SDL_wave.c cpuinfo/SDL_cpuinfo.c
dynapi/SDL_dynapi.c events/SDL_clipboardevents.c events/SDL_displayevents.c events/SDL_dropevents.c
events/SDL_events.c events/SDL_gesture.c events/SDL_keyboard.c events/SDL_mouse.c events/SDL_quit.c
events/SDL_touch.c events/SDL_windowevents.c file/SDL_rwops.c haptic/SDL_haptic.c
joystick/SDL_gamecontroller.c joystick/SDL_joystick.c
power/SDL_power.c render/SDL_d3dmath.c render/SDL_render.c
render/SDL_yuv_sw.c render/direct3d/SDL_render_d3d.c render/direct3d11/SDL_render_d3d11.c
render/opengl/SDL_render_gl.c render/opengl/SDL_shaders_gl.c render/opengles/SDL_render_gles.c
render/opengles2/SDL_render_gles2.c render/opengles2/SDL_shaders_gles2.c
render/psp/SDL_render_psp.c render/software/SDL_blendfillrect.c render/software/SDL_blendline.c
render/software/SDL_blendpoint.c render/software/SDL_drawline.c render/software/SDL_drawpoint.c
render/software/SDL_render_sw.c render/software/SDL_rotate.c render/software/SDL_triangle.c
sensor/SDL_sensor.c sensor/dummy/SDL_dummysensor.c
stdlib/SDL_crc32.c stdlib/SDL_getenv.c stdlib/SDL_iconv.c stdlib/SDL_malloc.c stdlib/SDL_qsort.c
stdlib/SDL_stdlib.c stdlib/SDL_string.c stdlib/SDL_strtokr.c thread/SDL_thread.c timer/SDL_timer.c
video/SDL_RLEaccel.c video/SDL_blit.c video/SDL_blit_0.c video/SDL_blit_1.c video/SDL_blit_A.c
video/SDL_blit_N.c video/SDL_blit_auto.c video/SDL_blit_copy.c video/SDL_blit_slow.c
video/SDL_bmp.c video/SDL_clipboard.c video/SDL_egl.c video/SDL_fillrect.c video/SDL_pixels.c
video/SDL_rect.c video/SDL_shape.c video/SDL_stretch.c video/SDL_surface.c video/SDL_video.c
video/SDL_yuv.c video/emscripten/SDL_emscriptenevents.c
video/emscripten/SDL_emscriptenframebuffer.c video/emscripten/SDL_emscriptenmouse.c
video/emscripten/SDL_emscriptenopengles.c video/emscripten/SDL_emscriptenvideo.c
audio/emscripten/SDL_emscriptenaudio.c video/dummy/SDL_nullevents.c
video/dummy/SDL_nullframebuffer.c video/dummy/SDL_nullvideo.c video/yuv2rgb/yuv_rgb.c
audio/disk/SDL_diskaudio.c audio/dummy/SDL_dummyaudio.c loadso/dlopen/SDL_sysloadso.c
power/emscripten/SDL_syspower.c joystick/emscripten/SDL_sysjoystick.c
filesystem/emscripten/SDL_sysfilesystem.c timer/unix/SDL_systimer.c haptic/dummy/SDL_syshaptic.c
main/dummy/SDL_dummy_main.c locale/SDL_locale.c locale/emscripten/SDL_syslocale.c misc/SDL_url.c
misc/dummy/SDL_sysurl.c
thread/generic/SDL_syscond.c thread/generic/SDL_sysmutex.c thread/generic/SDL_syssem.c
thread/generic/SDL_systhread.c thread/generic/SDL_systls.c
SDL_guid.c SDL_list.c SDL_utils.c stdlib/SDL_crc16.c joystick/controller_type.c
LIST
    local -a present=()
    for f in "${files[@]}"; do [[ -f "$src/src/$f" ]] && present+=("$f"); done
    say "compiling SDL2 (${#present[@]} files, $JOBS jobs)"
    rm -rf "$out" && mkdir -p "$out/include"
    compile_archive emcc "$src/src" "$out/obj" "$out/libSDL2.a.tmp" -O2 -w "-I$src/include" -- "${present[@]}"
    cp "$src"/include/*.h "$out/include/"
    rm -rf "$out/obj"
    mv "$out/libSDL2.a.tmp" "$out/libSDL2.a"
}

# ---- Dear ImGui -----------------------------------------------------------------------------------
build_imgui() {
    local out="$DEPS/imgui" sdl="$DEPS/sdl2/include"
    # 32-bit draw indices: a full board is more than 65536 vertices (web/CMakeLists.txt says the same).
    local imgui_flags="-DImDrawIdx=ImU32 -DIMGUI_DISABLE_OBSOLETE_FUNCTIONS"
    if [[ $FORCE == 0 && -f "$out/libimgui.a" && "$(cat "$out/flags" 2>/dev/null)" == "$imgui_flags" ]]; then
        say "ImGui already built ($out)"; return
    fi
    local src; src="$(fetch_source imgui)"
    local -a files=(imgui.cpp imgui_draw.cpp imgui_widgets.cpp imgui_tables.cpp
                    backends/imgui_impl_sdl.cpp backends/imgui_impl_opengl3.cpp)
    say "compiling Dear ImGui (${#files[@]} files)"
    rm -rf "$out" && mkdir -p "$out/include/backends"
    # shellcheck disable=SC2086
    compile_archive em++ "$src" "$out/obj" "$out/libimgui.a.tmp" -O2 -w -std=c++17 "-I$sdl" "-I$src" \
        $imgui_flags -- "${files[@]}"
    cp "$src"/imgui.h "$src"/imconfig.h "$src"/imgui_internal.h "$src"/imstb_*.h "$out/include/"
    cp "$src"/backends/imgui_impl_sdl.h "$src"/backends/imgui_impl_opengl3.h "$out/include/backends/"
    cp "$src"/backends/imgui_impl_opengl3_loader.h "$out/include/backends/" 2>/dev/null || true
    rm -rf "$out/obj"
    mv "$out/libimgui.a.tmp" "$out/libimgui.a"
    printf '%s' "$imgui_flags" >"$out/flags"
}

# ---- libdeflate (its decompressor only) -------------------------------------------------------------
# The game inflates its tile art with it (web/tile_art_file.cpp): faster than stb_image's zlib, which the
# first frame waited for (docs/load-time.md).
build_libdeflate() {
    local out="$DEPS/libdeflate"
    if [[ $FORCE == 0 && -f "$out/libdeflate.a" ]]; then say "libdeflate already built ($out)"; return; fi
    local src; src="$(fetch_source libdeflate)"
    local -a files=(lib/deflate_decompress.c lib/utils.c)
    say "compiling libdeflate's decompressor (${#files[@]} files)"
    rm -rf "$out" && mkdir -p "$out/include"
    compile_archive emcc "$src" "$out/obj" "$out/libdeflate.a.tmp" -O2 -w -DNDEBUG "-I$src" -- "${files[@]}"
    cp "$src"/libdeflate.h "$out/include/"
    rm -rf "$out/obj"
    mv "$out/libdeflate.a.tmp" "$out/libdeflate.a"
}

build_sdl2
build_imgui
build_libdeflate
say "ready: $DEPS/sdl2, $DEPS/imgui and $DEPS/libdeflate"
