#include "mm/run/data_source.hpp"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <utility>

#include "mm/run/data_files.hpp"
#ifdef MM_BUILTIN_DATA
#include "mm/run/builtin_data.hpp"
#endif

namespace mm {

namespace {

constexpr std::string_view kBuiltInMark = " (built in)";

}  // namespace

struct DataSource::Contents {
  bool built_in = false;
  std::vector<std::filesystem::path> directories;  // files
  std::span<const BuiltInFile> table;              // built in
  std::string key;

  const BuiltInFile* entry(std::string_view name) const noexcept {
    const auto found =
        std::find_if(table.begin(), table.end(), [&](const BuiltInFile& file) { return file.name == name; });
    return found == table.end() ? nullptr : &*found;
  }
};

DataSource::DataSource() : DataSource(process_data_source()) {}

DataSource DataSource::files(std::vector<std::filesystem::path> directories) {
  auto contents = std::make_shared<Contents>();
  // Two sources over the same directories read the same files: the key is the list itself.
  contents->key = "files";
  for (const std::filesystem::path& dir : directories) contents->key += '\n' + dir.string();
  contents->directories = std::move(directories);
  return DataSource(std::move(contents));
}

DataSource DataSource::built_in(std::span<const BuiltInFile> table) {
  auto contents = std::make_shared<Contents>();
  contents->built_in = true;
  contents->table = table;
  // The table lives as long as the process, so its address tells it from any other table.
  contents->key =
      "built in " + std::to_string(reinterpret_cast<std::uintptr_t>(table.data())) + ' ' + std::to_string(table.size());
  return DataSource(std::move(contents));
}

std::optional<DataFile> DataSource::read(std::string_view name) const {
  if (contents_->built_in) {
    const BuiltInFile* file = contents_->entry(name);
    if (file == nullptr) return std::nullopt;
    return DataFile{std::string(file->bytes), std::string(name) + std::string(kBuiltInMark)};
  }
  const std::optional<std::filesystem::path> path = find_data_file(name, contents_->directories);
  if (!path) return std::nullopt;
  std::ifstream in(*path, std::ios::binary);
  if (!in) throw DataReadError(path->string() + ": cannot be read");
  std::string bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>{});
  if (in.bad()) throw DataReadError(path->string() + ": cannot be read");
  return DataFile{std::move(bytes), path->string()};
}

std::optional<std::string> DataSource::origin(std::string_view name) const {
  if (contents_->built_in)
    return contents_->entry(name) == nullptr ? std::nullopt
                                             : std::optional(std::string(name) + std::string(kBuiltInMark));
  const std::optional<std::filesystem::path> path = file_path(name);
  return path ? std::optional(path->string()) : std::nullopt;
}

std::optional<std::filesystem::path> DataSource::file_path(std::string_view name) const {
  if (contents_->built_in) return std::nullopt;
  return find_data_file(name, contents_->directories);
}

bool DataSource::built_in() const noexcept { return contents_->built_in; }

const std::string& DataSource::key() const noexcept { return contents_->key; }

const DataSource& process_data_source() {
#ifdef MM_BUILTIN_DATA
  static const DataSource source = DataSource::built_in(builtin_data_files());
#else
  static const DataSource source = DataSource::files(data_directories());
#endif
  return source;
}

}  // namespace mm
