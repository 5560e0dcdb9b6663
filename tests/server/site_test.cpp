// What carc-server serves when run as tools/play.sh runs it: the site folder (build/site) and nothing
// else, with the rooms' database beside it. The layout is tools/play.sh's own, in a temporary folder:
// a repository root with sources, .git, tests/, a build tree, build/play.db (and its -wal and -shm,
// made by SQLite itself) and build/site, which holds a symbolic link out of it.
#include <gtest/gtest.h>

#include <boost/beast/http.hpp>
#include <fstream>
#include <thread>

#include "harness.hpp"
#include "live_server.hpp"
#include "server.hpp"
#include "test_paths.hpp"

namespace carc::server::test {
namespace {

namespace fs = std::filesystem;
namespace http = boost::beast::http;

void write(const fs::path& file, const std::string& text) {
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

// The status of a GET of `target` (sent as it is, undecoded).
int status(unsigned short port, const std::string& target) {
    return httpGet(port, target).first;
}

class PlayLayout : public ::testing::Test {
protected:
    PlayLayout() : root(fs::path(dir.file("repo"))), site(root / "build" / "site"), db(root / "build" / "play.db") {
        for (const char* file : {"index.html", "sw.js", "manifest.webmanifest", "shell/shell.css", "shell/ai_worker.js",
                                 "assets/icons/icon.svg", "build/wasm/version.json", "build/wasm/carcassonne.js",
                                 "build/wasm/art/base.half.rgba.gz", "build/wasm/i18n/en.json"})
            write(site / file, "public\n");
        write(root / "CMakeLists.txt", "source\n");
        write(root / "server" / "src" / "server.cpp", "source\n");
        write(root / "shell" / "online.js", "source\n");
        write(root / ".git" / "HEAD", "ref: refs/heads/site\n");
        write(root / "tests" / "server" / "site_test.cpp", "source\n");
        write(root / "build" / "native" / "CMakeCache.txt", "build tree\n");
        write(root / "secret" / "key.txt", "secret\n");
        fs::create_directory_symlink(root / "secret", site / "escape");
        fs::create_symlink(db, site / "rooms.db");
        fs::create_symlink("../../CMakeLists.txt", site / "CMakeLists.txt");
        fs::create_symlink(site / "index.html", site / "home.html");  // stays inside: served
    }

    ServerOptions options() const {
        ServerOptions o;
        o.port = 0;
        o.quiet = true;
        o.db = db.string();
        o.staticDir = site.string();
        return o;
    }

    TempDir dir;
    fs::path root, site, db;
};

TEST_F(PlayLayout, ServesTheSiteFolderAndNothingBesideIt) {
    Server server(options());
    std::thread thread([&] { server.run(); });
    // SQLite in WAL mode has made the side files the review found served.
    EXPECT_TRUE(fs::exists(db.string() + "-wal"));
    EXPECT_TRUE(fs::exists(db.string() + "-shm"));
    for (const char* good :
         {"/", "/index.html", "/index.html?room=ab12#x", "/sw.js", "/manifest.webmanifest", "/shell/shell.css",
          "/shell/ai_worker.js", "/assets/icons/icon.svg", "/build/wasm/version.json", "/build/wasm/carcassonne.js",
          "/build/wasm/art/base.half.rgba.gz", "/build/wasm/i18n/en.json", "/home.html"})
        EXPECT_EQ(status(server.port(), good), 200) << good;
    for (const char* bad :
         {// The database and its side files, by name and by every way up out of the site.
          "/build/play.db", "/build/play.db-wal", "/build/play.db-shm", "/play.db", "/../play.db", "/../play.db-wal",
          "/../play.db-shm", "/%2e%2e/play.db", "/%2E%2E/play.db-wal", "/..%2fplay.db", "/build/..%2f..%2fplay.db-shm",
          "/%2e%2e%2fplay.db", "/.%2e/play.db", "/rooms.db",
          // The build tree, the sources, .git, tests/.
          "/../native/CMakeCache.txt", "/build/native/CMakeCache.txt", "/%2e%2e/%2e%2e/CMakeLists.txt",
          "/CMakeLists.txt", "/../../server/src/server.cpp", "/server/src/server.cpp", "/shell/online.js",
          "/../../.git/HEAD", "/.git/HEAD", "/%2egit/HEAD", "/../../tests/server/site_test.cpp",
          "/tests/server/site_test.cpp",
          // Doubled and dotted separators, a symbolic link out of the site.
          "//index.html", "//etc/passwd", "/build//wasm/version.json", "/./index.html", "/shell/./shell.css",
          "/escape/key.txt", "/escape/", "/%65scape/key.txt", "/nothing-here"})
        EXPECT_EQ(status(server.port(), bad), 404) << bad;
    server.stop();
    thread.join();
}

TEST_F(PlayLayout, RefusesADatabaseInsideTheServedFolder) {
    const fs::path cwd = fs::current_path();
    fs::create_directory_symlink(site, root / "site-link");
    const std::vector<fs::path> inside = {
        site / "new.db",                                  // plainly inside
        site / "build" / "wasm" / "rooms.db",             // deeper
        root / "build" / "native" / ".." / "site" / "x",  // through ".."
        fs::relative(site / "y.db", cwd),                 // relative to the working folder
        root / "site-link" / "z.db",                      // through a symbolic link to the site
        site / "new.db-wal",                              // named like a side file, still inside
    };
    for (const auto& path : inside) {
        ServerOptions o = options();
        o.db = path.string();
        EXPECT_THROW(Server{o}, std::runtime_error) << path;
        EXPECT_FALSE(fs::exists(path)) << "created before refusing: " << path;
    }
    // The site named through the link, the database beside the real folder: refused too.
    ServerOptions viaLink = options();
    viaLink.staticDir = (root / "site-link").string();
    viaLink.db = (site / "w.db").string();
    EXPECT_THROW(Server{viaLink}, std::runtime_error);
    // The database of tools/play.sh, beside the site: accepted; so is one whose name only starts like it.
    for (const fs::path& ok : {db, root / "build" / "site.db", root / "build" / "site-rooms" / "r.db"}) {
        fs::create_directories(ok.parent_path());
        ServerOptions o = options();
        o.db = ok.string();
        EXPECT_NO_THROW(Server{o}) << ok;
    }
    // A link in the site to the real database outside: SQLite may name its -wal after the link.
    ServerOptions viaDbLink = options();
    viaDbLink.db = (site / "rooms.db").string();
    EXPECT_THROW(Server{viaDbLink}, std::runtime_error);
}

TEST_F(PlayLayout, TheBinaryExitsWithAReasonWhenTheDatabaseIsServed) {
    int err[2];
    ASSERT_EQ(pipe(err), 0);
    const std::string dbInside = (site / ".." / "site" / "play.db").string();
    const std::string server = carc::test::serverBinary();
    std::vector<std::string> args = {server, "--port", "0", "--db", dbInside, "--static", site.string()};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, err[1], 2);
    posix_spawn_file_actions_addclose(&actions, err[0]);
    pid_t pid = 0;
    ASSERT_EQ(posix_spawn(&pid, server.c_str(), &actions, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    close(err[1]);
    // A server that started would serve until stopped: give it 20 s to exit, then stop it.
    int wstatus = 0;
    pid_t done = 0;
    for (int i = 0; i < 200 && done == 0; ++i) {
        done = waitpid(pid, &wstatus, WNOHANG);
        if (done == 0) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (done == 0) {
        ::kill(pid, SIGTERM);
        waitpid(pid, &wstatus, 0);
        close(err[0]);
        FAIL() << "carc-server started with its database inside --static";
    }
    std::string message;
    char c;
    while (read(err[0], &c, 1) == 1) message += c;
    close(err[0]);
    ASSERT_TRUE(WIFEXITED(wstatus));
    EXPECT_NE(WEXITSTATUS(wstatus), 0);
    EXPECT_NE(message.find("inside --static"), std::string::npos) << message;
    EXPECT_FALSE(fs::exists(site / "play.db"));
}

}  // namespace
}  // namespace carc::server::test
