// Opening books: the file format read back as written and refused when damaged or foreign; the
// sampled codebreaker plays a position the book holds from it and searches elsewhere; a missing or
// damaged shipped book is played without, said once in one line; the maker's symmetry reduction
// and ratings checked against a brute force and the exact strategy on a small board.

#include "mm/solver/opening_book.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "mm/core/error.hpp"
#include "mm/core/score.hpp"
#include "mm/solver/book_maker.hpp"
#include "mm/solver/book_shelf.hpp"
#include "mm/solver/strategy.hpp"
#include "support/temp_dir.hpp"

namespace mm {
namespace {

const Rules kBig = parse_rules("p8c8r");

Code code_of(const std::string& digits) {
  Code c;
  c.size = static_cast<int>(digits.size());
  for (int i = 0; i < c.size; ++i) c.set(i, digits[static_cast<std::size_t>(i)] - '0');
  return c;
}

// A book no search would make: the sampled search opens with a colour shape (colours rising from
// 0), never with 76543210.
OpeningBook made_up_book() {
  OpeningBook book(kBig, StrategyKind::entropy);
  book.add({}, code_of("76543210"));
  book.add({{code_of("76543210"), {2, 6}}}, code_of("67543210"));
  return book;
}

struct Heard {
  std::vector<std::string> lines;
  RunContext run(const DataSource& data) {
    RunContext r;
    r.data = data;
    r.executor = Executor(2);
    r.notice = [this](std::string_view line) { lines.emplace_back(line); };
    return r;
  }
};

TEST(OpeningBook, FormatReadsBackWhatItWrites) {
  const OpeningBook book = made_up_book();
  const OpeningBook read = book_from_json(book_to_json(book, R"({"seed": 1})"), kBig, StrategyKind::entropy);
  EXPECT_EQ(read.size(), 2u);
  EXPECT_EQ(read.guess_for({}), code_of("76543210"));
  EXPECT_EQ(read.guess_for({{code_of("76543210"), {2, 6}}}), code_of("67543210"));
  EXPECT_FALSE(read.guess_for({{code_of("76543210"), {1, 7}}}).has_value());
  EXPECT_EQ(book_file_name(kBig, StrategyKind::entropy), "books/p8c8r-entropy.json");
}

TEST(OpeningBook, DamagedOrForeignFilesAreRefused) {
  const std::string good = book_to_json(made_up_book());
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  const std::vector<std::string> damaged = {
      "",
      good.substr(0, good.size() / 2),
      replaced("mastermind opening book", "mastermind decision tree"),
      replaced("\"version\": 1", "\"version\": 2"),
      replaced("p8c8r", "p8c9r"),
      replaced("entropy", "knuth"),
      replaced("[7,6,5,4,3,2,1,0]", "[8,6,5,4,3,2,1,0]"),
      replaced("[7,6,5,4,3,2,1,0]", "[7,6,5,4,3,2,1]"),
      replaced("\"black\":2", "\"black\":8"),
      replaced("\"black\":2", "\"black\":\"2\""),
  };
  for (const std::string& text : damaged) {
    try {
      (void)book_from_json(text, kBig, StrategyKind::entropy);
      ADD_FAILURE() << "read: " << text;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ExitCode::data);
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
  // One position twice.
  std::string twice = good;
  const auto first = twice.find("    {");
  const auto line_end = twice.find('\n', first);
  twice.insert(first, twice.substr(first, line_end - first + 1));
  EXPECT_THROW((void)book_from_json(twice, kBig, StrategyKind::entropy), Error);
}

TEST(OpeningBook, CodebreakerPlaysTheBookAndSearchesOutsideIt) {
  test::TempDir with_book, without;
  with_book.file("books/p8c8r-entropy.json", book_to_json(made_up_book()));
  Heard heard;
  const RunContext run = heard.run(DataSource::files({with_book.path()}));
  auto breaker = make_strategy(StrategyKind::entropy, kBig, 7, SearchMode::sampled, false, run);
  EXPECT_EQ(breaker->next_guess(), code_of("76543210"));
  breaker->observe(code_of("76543210"), {2, 6});
  EXPECT_EQ(breaker->next_guess(), code_of("67543210"));
  breaker->undo();
  breaker->observe(code_of("76543210"), {1, 7});
  const Code searched = breaker->next_guess();
  EXPECT_TRUE(heard.lines.empty());

  // Outside the book: the search's own guess, as a codebreaker with no book finds it.
  Heard missing;
  auto plain = make_strategy(StrategyKind::entropy, kBig, 7, SearchMode::sampled, false,
                             missing.run(DataSource::files({without.path()})));
  plain->observe(code_of("76543210"), {1, 7});
  EXPECT_EQ(searched, plain->next_guess());
  EXPECT_NE(searched, code_of("67543210"));
}

TEST(OpeningBook, MissingOrDamagedBookPlaysWithoutItAndSaysSoOnce) {
  test::TempDir empty, damaged;
  damaged.file("books/p8c8r-entropy.json", "{\"format\": \"mastermind opening book\", \"version\": 1");
  for (const test::TempDir* dir : {&empty, &damaged}) {
    Heard heard;
    const RunContext run = heard.run(DataSource::files({dir->path()}));
    for (int game = 0; game < 2; ++game) {
      auto breaker = make_strategy(StrategyKind::entropy, kBig, 3, SearchMode::sampled, false, run);
      const Code first = breaker->next_guess();
      const std::vector<Code> shapes = colour_shape_codes(kBig);
      EXPECT_NE(std::find(shapes.begin(), shapes.end(), first), shapes.end()) << "the search's opening: a colour shape";
    }
    ASSERT_EQ(heard.lines.size(), 1u);
    EXPECT_NE(heard.lines.front().find("p8c8r-entropy.json"), std::string::npos) << heard.lines.front();
    EXPECT_EQ(heard.lines.front().find('\n'), std::string::npos);
  }
}

TEST(OpeningBook, SymmetryLeavesOneCodePerOrbit) {
  const Rules rules = parse_rules("p4c6r");
  const std::vector<Code> all = all_codes(rules);
  for (const Code& first : {code_of("0011"), code_of("0012"), code_of("0000")}) {
    // The symmetries that keep `first`, by brute force: every renaming of positions and colours.
    std::vector<std::pair<std::array<int, 4>, std::array<int, 6>>> keep;
    std::array<int, 4> pi = {0, 1, 2, 3};
    do {
      std::array<int, 6> sigma = {0, 1, 2, 3, 4, 5};
      do {
        bool same = true;
        for (int i = 0; i < 4; ++i)
          same = same && sigma[static_cast<std::size_t>(first[pi[static_cast<std::size_t>(i)]])] == first[i];
        if (same) keep.emplace_back(pi, sigma);
      } while (std::next_permutation(sigma.begin(), sigma.end()));
    } while (std::next_permutation(pi.begin(), pi.end()));
    const auto canonical = [&](const Code& c) {
      Code least = c;
      for (const auto& [p, s] : keep) {
        Code image = c;
        for (int i = 0; i < 4; ++i) image.set(i, s[static_cast<std::size_t>(c[p[static_cast<std::size_t>(i)]])]);
        least = std::min(least, image);
      }
      return least;
    };
    std::set<Code> orbits;
    for (const Code& c : all) orbits.insert(canonical(c));
    std::set<Code> covered;
    const std::vector<Code> reps = codes_up_to_symmetry_of(first, rules);
    for (const Code& c : reps) covered.insert(canonical(c));
    EXPECT_EQ(reps.size(), orbits.size()) << format_code(first, Alphabet::standard(6));
    EXPECT_EQ(covered, orbits);
  }
}

TEST(OpeningBook, MakerMatchesTheExactStrategyOnASmallBoard) {
  const Rules rules = parse_rules("p4c6r");
  EXPECT_EQ(colour_shape_codes(rules).size(), 5u);  // 4, 3+1, 2+2, 2+1+1, 1+1+1+1
  RunContext run;
  run.executor = Executor(2);
  const StrategyKind kinds[] = {StrategyKind::knuth};
  const std::vector<OpeningBook> books = make_opening_books(rules, kinds, BookOptions{}, run);
  ASSERT_EQ(books.size(), 1u);
  auto exact = make_strategy(StrategyKind::knuth, rules);
  const Code first = exact->next_guess();
  ASSERT_EQ(books[0].guess_for({}), first);
  // After each answer that leaves many codes, the book's guess splits them as well as the exact
  // strategy's (which rates every code; the book one code per orbit).
  const std::vector<Code> all = all_codes(rules);
  const auto worst = [&](const Code& guess, const std::vector<Code>& left) {
    std::vector<int> parts(kResponseSlots, 0);
    int most = 0;
    for (const Code& c : left)
      most = std::max(most, ++parts[static_cast<std::size_t>(response_slot(score(c, guess), 4))]);
    return most;
  };
  int checked = 0;
  for (int slot = 0; slot < kResponseSlots; ++slot) {
    const Feedback answer = feedback_of_slot(slot, 4);
    std::vector<Code> left;
    for (const Code& c : all)
      if (score(c, first) == answer) left.push_back(c);
    if (left.size() <= BookOptions{}.fewest_codes || answer.is_win(4)) continue;
    const std::optional<Code> booked = books[0].guess_for({{first, answer}});
    ASSERT_TRUE(booked.has_value());
    exact->observe(first, answer);
    EXPECT_EQ(worst(*booked, left), worst(exact->next_guess(), left));
    exact->undo();
    ++checked;
  }
  EXPECT_GT(checked, 3);
}

}  // namespace
}  // namespace mm
