// The carc-server child: started on a free port with a fresh SQLite file, watched through /proc,
// and always stopped (SIGTERM, then SIGKILL) when this object goes.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace loadtest {

// Raises this process's open-file limit to the hard maximum (inherited by the server child).
void raiseFileLimit();

// CPU time of the calling thread, in seconds.
double threadCpuSeconds();

class ServerProcess {
public:
    ServerProcess(const std::string& binary, const std::vector<std::string>& args);
    ~ServerProcess();
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    unsigned short port() const { return port_; }
    pid_t pid() const { return pid_; }
    // Whether it still runs; once it has gone, `exit()` says how.
    bool alive();
    const std::string& exit() const { return exit_; }
    void stop();

    long rssKb() const;
    long openFiles() const;
    double cpuSeconds() const;

private:
    void reaped(int status);

    pid_t pid_ = 0;
    unsigned short port_ = 0;
    bool running_ = false;
    std::string exit_;
};

}  // namespace loadtest
