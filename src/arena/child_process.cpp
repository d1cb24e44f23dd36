#include "mm/arena/child_process.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wordexp.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/core/text.hpp"

extern char** environ;

namespace mm::arena {

namespace {

// Programs alive at once, for kill_all_groups (the arena runs at most a few dozen).
constexpr std::size_t kMaxLive = 512;
std::array<std::atomic<pid_t>, kMaxLive> g_live{};

void remember(pid_t pid) noexcept {
  for (auto& slot : g_live) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return;
  }
}

void forget(pid_t pid) noexcept {
  for (auto& slot : g_live) {
    pid_t mine = pid;
    if (slot.compare_exchange_strong(mine, 0)) return;
  }
}

bool is_live_child(pid_t pid) noexcept {
  for (const auto& slot : g_live)
    if (slot.load() == pid) return true;
  return false;
}

std::string why_not_split(int code) {
  switch (code) {
    case WRDE_BADCHAR:
      return tr(
          "it has a character the shell reads as syntax (| & ; < > ( ) { } or a line break): put pipes and "
          "redirections in a script");
    case WRDE_CMDSUB:
      return tr("command substitution is not run");
    case WRDE_SYNTAX:
      return tr("its quotes do not match");
    default:
      return tr("it cannot be read as a command");
  }
}

// argv[0] as execve wants it: itself when it names a path, else the first executable regular
// file of that name on PATH; empty when there is none.
std::string find_program(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr && *path != '\0' ? path : "/usr/local/bin:/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::string candidate = (dir.empty() ? std::string(".") : dir) + "/" + name;
    struct stat st {};
    if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(candidate.c_str(), X_OK) == 0)
      return candidate;
  }
  return {};
}

void close_fd(int& fd) noexcept {
  if (fd >= 0) close(fd);
  fd = -1;
}

void set_nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

// In the child between fork and exec: only async-signal-safe calls. Reports a failed exec's
// errno on `status_fd` (close-on-exec, so a successful exec closes it unwritten).
[[noreturn]] void become(const char* path, char* const* argv, int in, int out, int err, int status_fd, pid_t parent) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(127);  // the arena died before the line above
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  for (int s = 1; s < NSIG; ++s) sigaction(s, &dfl, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  // Moved above the three standard descriptors first, so that no dup2 below overwrites another.
  const int moved_in = fcntl(in, F_DUPFD, 10), moved_out = fcntl(out, F_DUPFD, 10), moved_err = fcntl(err, F_DUPFD, 10),
            moved_status = fcntl(status_fd, F_DUPFD_CLOEXEC, 3);
  if (moved_in < 0 || moved_out < 0 || moved_err < 0 || moved_status < 0) _exit(127);
  dup2(moved_in, 0);
  dup2(moved_out, 1);
  dup2(moved_err, 2);
  dup2(moved_status, 3);
  fcntl(3, F_SETFD, FD_CLOEXEC);
  syscall(SYS_close_range, 4U, ~0U, 0U);
  execve(path, argv, environ);
  const int error = errno;
  [[maybe_unused]] const ssize_t n = write(3, &error, sizeof error);
  _exit(127);
}

}  // namespace

std::vector<std::string> split_command(std::string_view option, std::string_view command) {
  if (trim(command).empty()) throw InputError(trf("{}: the command is empty", option));
  wordexp_t words{};
  const std::string text(command);
  const int code = wordexp(text.c_str(), &words, WRDE_NOCMD);
  if (code != 0) {
    if (code == WRDE_NOSPACE) wordfree(&words);
    throw InputError(trf("{} '{}': {}", option, excerpt(command), why_not_split(code)));
  }
  std::vector<std::string> argv(words.we_wordv, words.we_wordv + words.we_wordc);
  wordfree(&words);
  if (argv.empty() || argv[0].empty()) throw InputError(trf("{}: the command is empty", option));
  return argv;
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv, std::string_view label) {
  const std::string path = find_program(argv.at(0));
  if (path.empty())
    throw Error(ExitCode::unavailable,
                trf("cannot run '{}': there is no program '{}'", excerpt(label), excerpt(argv[0])));
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  int in[2], out[2], err[2], status[2];
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0 ||
      pipe2(status, O_CLOEXEC) != 0)
    throw Error(ExitCode::software, trf("cannot start '{}': {}", excerpt(label), std::strerror(errno)));
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) become(path.c_str(), args.data(), in[0], out[1], err[1], status[1], parent);
  const int fork_error = errno;
  for (int fd : {in[0], out[1], err[1], status[1]}) close(fd);
  if (pid < 0) {
    for (int fd : {in[1], out[0], err[0], status[0]}) close(fd);
    throw Error(ExitCode::software, trf("cannot start '{}': {}", excerpt(label), std::strerror(fork_error)));
  }
  setpgid(pid, pid);  // as the child does, so that no signal to the group can come too early
  pid_ = pid;
  input_ = in[1];
  output_ = out[0];
  errors_ = err[0];
  remember(pid);
  int exec_error = 0;
  ssize_t got;
  do got = read(status[0], &exec_error, sizeof exec_error);
  while (got < 0 && errno == EINTR);
  close(status[0]);
  if (got > 0) {
    wait_exit();
    close_input();
    close_output();
    close_errors();
    throw Error(ExitCode::unavailable,
                trf("cannot run '{}': {}: {}", excerpt(label), excerpt(path), std::strerror(exec_error)));
  }
  for (int fd : {input_, output_, errors_}) set_nonblocking(fd);
}

ChildProcess::~ChildProcess() {
  if (!exit_) {
    signal_group(SIGKILL);
    kill(pid_, SIGKILL);
    wait_exit();
  }
  close_input();
  close_output();
  close_errors();
}

void ChildProcess::close_input() noexcept { close_fd(input_); }
void ChildProcess::close_output() noexcept { close_fd(output_); }
void ChildProcess::close_errors() noexcept { close_fd(errors_); }

void ChildProcess::signal_group(int signal) noexcept {
  // After the reaping the group may still hold the program's children; its id is not reused
  // while any member lives.
  if (pid_ <= 0) return;
  kill(-pid_, signal);
  if (!exit_) kill(pid_, signal);  // the program itself, should it have left its group
}

bool ChildProcess::poll_exit() {
  if (exit_) return true;
  siginfo_t info{};
  // Looked at without reaping: the id stays ours while the group is killed.
  if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid == 0) return false;
  int status = 0;
  signal_group(SIGKILL);
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  reap(status);
  return true;
}

void ChildProcess::wait_exit() {
  if (exit_) return;
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  signal_group(SIGKILL);
  reap(status);
}

void ChildProcess::reap(int status) {
  exit_ = WIFSIGNALED(status) ? ExitInfo{true, WTERMSIG(status)} : ExitInfo{false, WEXITSTATUS(status)};
  forget(pid_);
}

namespace {

// A file of /proc, or nothing when its process is gone. Read with read(2): the process may end
// between the open and the read, which then fails with ESRCH, and an ifstream would throw there
// from inside its buffer (seen under load as a crash of `arena`).
std::string proc_file(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  std::string text;
  std::array<char, 512> buffer{};
  for (;;) {
    const ssize_t got = read(fd, buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    text.append(buffer.data(), static_cast<std::size_t>(got));
  }
  close(fd);
  return text;
}

// The ids of this process's children, from each thread's /proc/self/task/TID/children: a few
// short reads, where walking the whole of /proc reads the status of every process on the machine
// (a few milliseconds per run of the arena on a busy machine). Nothing when the kernel does not
// keep those files.
std::optional<std::vector<std::string>> listed_children() {
  DIR* tasks = opendir("/proc/self/task");
  if (tasks == nullptr) return std::nullopt;
  std::vector<std::string> pids;
  bool listed = false;
  while (const dirent* entry = readdir(tasks)) {
    if (!parse_decimal(entry->d_name)) continue;
    const std::string path = std::string("/proc/self/task/") + entry->d_name + "/children";
    if (access(path.c_str(), R_OK) != 0) continue;
    listed = true;
    const std::string text = proc_file(path);
    std::istringstream words(text);
    for (std::string pid; words >> pid;) pids.push_back(pid);
  }
  closedir(tasks);
  if (!listed) return std::nullopt;
  return pids;
}

// Every process id on the machine, for kernels without the children files.
std::vector<std::string> every_process() {
  std::vector<std::string> pids;
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return pids;
  while (const dirent* entry = readdir(proc))
    if (parse_decimal(entry->d_name)) pids.emplace_back(entry->d_name);
  closedir(proc);
  return pids;
}

// This process's children that no ChildProcess owns (the orphans it adopted), with whether each
// has ended.
std::vector<std::pair<pid_t, bool>> stray_children() {
  std::vector<std::pair<pid_t, bool>> found;
  const pid_t self = getpid();
  const std::optional<std::vector<std::string>> children = listed_children();
  for (const std::string& pid : children ? *children : every_process()) {
    const std::string stat = proc_file("/proc/" + pid + "/stat");
    // pid (name) state ppid ...: the name may hold spaces and parentheses, so read after the last ')'.
    const std::size_t close = stat.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(stat.substr(close + 1));
    char state = 0;
    long ppid = 0;
    if (!(rest >> state >> ppid) || ppid != self) continue;
    const auto child = static_cast<pid_t>(*parse_decimal(pid));
    if (!is_live_child(child)) found.emplace_back(child, state == 'Z' || state == 'X');
  }
  return found;
}

}  // namespace

OrphanCatcher::OrphanCatcher() { prctl(PR_SET_CHILD_SUBREAPER, 1); }

OrphanCatcher::~OrphanCatcher() {
  // Killing an adopted process orphans its own children, who come to us in turn: until none is left.
  constexpr int kRounds = 100;
  for (int round = 0; round < kRounds; ++round) {
    const auto strays = stray_children();
    if (strays.empty()) break;
    for (const auto& [pid, ended] : strays) {
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
  }
  prctl(PR_SET_CHILD_SUBREAPER, 0);
}

void OrphanCatcher::reap_ended() {
  for (const auto& [pid, ended] : stray_children())
    if (ended) waitpid(pid, nullptr, WNOHANG);
}

void kill_all_groups() noexcept {
  for (const auto& slot : g_live) {
    const pid_t pid = slot.load();
    if (pid > 0) {
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
    }
  }
}

}  // namespace mm::arena
