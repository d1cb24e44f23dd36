#include "exit_words.hpp"

#include <string.h>

#include "mm/core/i18n.hpp"

namespace mm::arena {

std::string exit_words(const ExitInfo& how) {
  if (how.signalled) {
    const char* name = sigdescr_np(how.code);
    return name != nullptr ? trf("it was killed by signal {} ({})", how.code, name)
                           : trf("it was killed by signal {}", how.code);
  }
  if (how.code == 0) return tr("it exited");
  return trf("it exited with status {}", how.code);
}

std::string last_words(const ExitInfo& how, const std::string& error_line) {
  if (error_line.empty()) return exit_words(how);
  return trf("{}; its last line on stderr: {}", exit_words(how), error_line);
}

}  // namespace mm::arena
