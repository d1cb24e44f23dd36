#include "mm/web/server.hpp"

#include <fmt/format.h>
#include <httplib.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <thread>

#include "mm/api/request_body.hpp"
#include "mm/core/error.hpp"
#include "mm/core/i18n.hpp"
#include "mm/run/data_files.hpp"
#include "mm/web/api.hpp"
#include "mm/web/assets.hpp"
#include "request_threads.hpp"

extern char** environ;

namespace mm::web {

using api::kMaxBodyBytes;

namespace {

constexpr std::string_view kJsonType = "application/json";
// How often idle games are looked for, and how soon the signal thread sees the server has ended.
constexpr int kSweepSeconds = 1;
// Threads that answer requests at most (made as connections need them), and how many of them
// event streams may hold at most. cpp-httplib gives a connection a thread for as long as it is
// kept alive, so a connection beyond the threads waits for one to be freed (by its connection's
// end or its idle time): 200 players on keep-alive connections with 64 threads saw a p99 of 0.8 s
// per guess (bench/web_load.cpp).
constexpr std::size_t kServerThreads = 256;
constexpr int kMaxEventStreams = 48;
// Requests a kept-alive connection may carry before the server closes it: cpp-httplib's 5 made a
// game reconnect every five moves and go to the back of the queue for a thread.
constexpr std::size_t kKeepAliveRequests = 1000;
// How long an event stream waits for a change before it writes a comment line.
constexpr std::chrono::milliseconds kEventWait{1000};

// The page's language: ?lang=, else the first of Accept-Language the catalogues may have.
std::string request_language(const httplib::Request& request) {
  if (request.has_param("lang")) return language_of(request.get_param_value("lang"));
  const std::string accepted = request.get_header_value("Accept-Language");
  std::size_t start = 0;
  while (start < accepted.size()) {
    std::size_t end = accepted.find(',', start);
    if (end == std::string::npos) end = accepted.size();
    std::string tag = accepted.substr(start, end - start);
    tag = tag.substr(0, tag.find(';'));
    for (char& c : tag)
      if (c == '-') c = '_';
    while (!tag.empty() && tag.front() == ' ') tag.erase(0, 1);
    if (const std::string language = language_of(tag); !language.empty()) return language;
    start = end + 1;
  }
  return "";
}

void answer_json(httplib::Response& response, int status, const std::string& body) {
  response.status = status;
  response.set_content(body, std::string(kJsonType));
  response.set_header("Cache-Control", "no-store");
}

// The contents of a site file (assets.hpp) from the data directory's web/, or nullopt when `make
// web` made none there.
std::optional<std::string> read_site_file(const SiteFile& file) {
  const std::optional<std::filesystem::path> path = find_data_file(fmt::format("web/{}", file.name));
  if (!path) return std::nullopt;
  std::ifstream in(*path, std::ios::binary);
  std::string contents((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) return std::nullopt;
  return contents;
}

void serve_asset(const httplib::Request& request, httplib::Response& response) {
  const Asset* asset = find_asset(request.path);
  std::optional<std::string> site_contents;
  const SiteFile* site_file = asset ? nullptr : find_site_file(request.path);
  if (site_file) site_contents = read_site_file(*site_file);
  if (!asset && !site_contents) {
    answer_json(response, 404, error_body(tr("no such page or game")));
    return;
  }
  if (asset)
    response.set_content(std::string(asset->body), std::string(asset->content_type));
  else
    response.set_content(std::move(*site_contents), std::string(site_file->content_type));
  // The page keeps nothing from the server but the words it shows; no framing by other sites.
  response.set_header("X-Content-Type-Options", "nosniff");
  response.set_header("X-Frame-Options", "DENY");
}

// GET /api/duels/TOKEN/events: the seat's view as a server-sent event at once and after every
// change of the duel, a comment line while nothing changes (so a closed connection is noticed),
// until the duel is gone, the client leaves or the server stops.
void stream_duel(Api& api, const httplib::Server& server, std::atomic<int>& streams, const httplib::Request& request,
                 httplib::Response& response) {
  const std::string token = request.matches[1];
  const std::string language = request_language(request);
  std::uint64_t seen = 0;
  if (!api.duel_event(token, language, seen, std::chrono::milliseconds(0))) {
    answer_json(response, 404, error_body(tr("no such page or game")));
    return;
  }
  if (streams.fetch_add(1) >= kMaxEventStreams) {
    streams.fetch_sub(1);
    answer_json(response, 503, error_body(tr("the server holds as many games as it may; try again later")));
    return;
  }
  response.set_header("Cache-Control", "no-store");
  seen = ~std::uint64_t{0};  // the first event is the view as it is
  response.set_chunked_content_provider(
      "text/event-stream",
      [&api, &server, token, language, seen](std::size_t, httplib::DataSink& sink) mutable {
        if (!server.is_running()) return false;
        const auto view = api.duel_event(token, language, seen, kEventWait);
        if (!view) {
          sink.done();
          return true;
        }
        const std::string text = view->empty() ? std::string(": waiting\n\n") : "data: " + *view + "\n\n";
        return sink.write(text.data(), text.size());
      },
      [&streams](bool) { streams.fetch_sub(1); });
}

void open_page(const std::string& url) {
  const char* argv[] = {"xdg-open", url.c_str(), nullptr};
  pid_t pid = 0;
  if (posix_spawnp(&pid, "xdg-open", nullptr, nullptr, const_cast<char* const*>(argv), environ) != 0)
    fmt::print(stderr, "{}\n", tr("xdg-open is not there to open the page: open the address above yourself."));
}

std::string url_of(const std::string& host, int port) {
  const bool ipv6 = host.find(':') != std::string::npos;
  return ipv6 ? fmt::format("http://[{}]:{}/", host, port) : fmt::format("http://{}:{}/", host, port);
}

bool reachable_from_network(const std::string& host) {
  return host != "127.0.0.1" && host != "localhost" && host != "::1";
}

}  // namespace

int serve(const ServeOptions& options) {
  // Blocked here, before any thread starts, so that every thread inherits the mask and only the
  // watcher below takes SIGINT and SIGTERM.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  Api api(options.table, options.think_seconds);
  httplib::Server server;
  server.set_payload_max_length(kMaxBodyBytes);
  // An answer goes out as its headers and then its body: with Nagle's algorithm the body waited
  // for the client's delayed acknowledgement of the headers, 40 ms (a p50 of 44 ms a guess).
  server.set_tcp_nodelay(true);
  server.set_keep_alive_max_count(kKeepAliveRequests);
  const auto api_handler = [&api](const httplib::Request& request, httplib::Response& response) {
    const ApiResponse answer = api.handle({request.method, request.path, request.body, request_language(request)});
    answer_json(response, answer.status, answer.body);
  };
  // Event streams hold a thread each for as long as they last: more threads than cpp-httplib's
  // default, and at most kMaxEventStreams streams, so that moves are always answered.
  server.new_task_queue = [] { return new RequestThreads(kServerThreads); };
  std::atomic<int> streams{0};
  server.Get(R"(/api/duels/([0-9a-f]{32})/events)",
             [&api, &server, &streams](const httplib::Request& request, httplib::Response& response) {
               stream_duel(api, server, streams, request, response);
             });
  server.Get("/api/.*", api_handler);
  server.Post("/api/.*", api_handler);
  server.Get(".*", serve_asset);
  server.set_error_handler([](const httplib::Request&, httplib::Response& response) {
    if (!response.body.empty()) return;
    if (response.status == 413)
      answer_json(response, 413, error_body(trf("the request is larger than {} bytes", kMaxBodyBytes)));
    else if (response.status == 404)
      answer_json(response, 404, error_body(tr("no such page or game")));
    else
      answer_json(response, response.status, error_body(tr("the request could not be read")));
  });

  int listening = -1;
  // SO_REUSEADDR alone: cpp-httplib's default adds SO_REUSEPORT, with which a second server on a
  // port in use would share it silently instead of saying the port is taken.
  server.set_socket_options([&listening](socket_t socket) {
    const int yes = 1;
    ::setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listening = socket;
  });
  const int port = options.port == 0 ? server.bind_to_any_port(options.host)
                                     : (server.bind_to_port(options.host, options.port) ? options.port : -1);
  if (port < 0)
    throw Error(ExitCode::cant_create, trf("cannot listen on {} port {} (in use, or not an address of this machine)",
                                           options.host, options.port));
  // cpp-httplib listens with a backlog of 5 (CPPHTTPLIB_LISTEN_BACKLOG, compiled into Debian's
  // library): a classroom connecting at once would have connections dropped and retried a second
  // later (p99 1.3 s with 200 players opening a connection per request). Linux takes a second
  // listen() on the socket as its new backlog.
  if (listening >= 0) ::listen(listening, SOMAXCONN);
  const std::string url = url_of(options.host, port);
  fmt::print("{}\n", trf("Serving the game at {}", url));
  if (reachable_from_network(options.host))
    fmt::print("{}\n", tr("The server is now reachable from the network: other machines can open it at this "
                          "machine's address."));
  std::fflush(stdout);
  if (options.open) open_page(url);

  std::atomic<bool> listening_done{false};
  std::atomic<int> caught{0};
  std::thread watcher([&] {
    const timespec sweep{kSweepSeconds, 0};
    while (!listening_done) {
      const int signal = sigtimedwait(&stop_signals, nullptr, &sweep);
      if (signal == SIGINT || signal == SIGTERM) {
        caught = signal;
        // cpp-httplib's stop() does nothing before listen_after_bind() has begun, so a signal
        // that comes right after the address is printed would be lost and the server would run on.
        while (!server.is_running() && !listening_done) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        server.stop();
        return;
      }
      api.expire_idle();
    }
  });
  server.listen_after_bind();
  listening_done = true;
  watcher.join();

  const std::size_t open_games = api.abandon_all(caught == SIGTERM ? Ending::terminate : Ending::interrupt);
  fmt::print("{}\n", trnf("Stopped; {} game left open was recorded as abandoned.",
                          "Stopped; {} games left open were recorded as abandoned.", open_games, open_games));
  std::fflush(stdout);
  return caught != 0 ? 0 : static_cast<int>(ExitCode::software);
}

}  // namespace mm::web
