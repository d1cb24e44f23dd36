// The browser's module as WebAssembly exports it to JavaScript: one function, a request of JSON
// text in and the answer out (module_calls.hpp). A C function of strings rather than embind's
// classes: the page's worker passes messages through as they come, the answers are the same JSON
// as the server's API, errors come back as JSON instead of exceptions crossing into JavaScript,
// and the module carries no binding runtime.

#include <string>

#include "mm/wasm/module_calls.hpp"

// The answer lives until the next call, long enough for the caller to copy it (cwrap's "string"
// return does). The module's calls are its games: they live as long as the module.
extern "C" const char* mm_call(const char* request) {
  static mm::wasm::ModuleCalls calls;
  static std::string answer;
  answer = calls.call(request == nullptr ? "" : request);
  return answer.c_str();
}
