#include "mm/game/game_id.hpp"

#include <gtest/gtest.h>

#include <set>

#include "helpers.hpp"
#include "mm/core/error.hpp"

namespace mm {
namespace {

using test::code;

TEST(GameId, EveryCodeOfSmallVariantsReadsBack) {
  for (const char* spelling : {"p4c6r", "p4c10n", "p1c2r", "p3c5n-g7"}) {
    const Rules rules = parse_rules(spelling);
    std::set<std::string> ids;
    for (const Code& secret : all_codes(rules)) {
      const std::string id = encode_game_id(rules, secret);
      EXPECT_GE(id.size(), kMinGameIdBody + kGameIdCheckDigits);
      const GameId back = decode_game_id(id);
      EXPECT_EQ(back.rules, rules) << id;
      EXPECT_EQ(back.secret, secret) << id;
      ids.insert(id);
    }
    EXPECT_EQ(ids.size(), rules.code_count()) << spelling;
  }
}

TEST(GameId, TheLargestBoardFitsAndReadsBack) {
  const Rules rules = parse_rules("p10c20r-g50");
  Code last;
  last.size = rules.pegs;
  for (int i = 0; i < rules.pegs; ++i) last.set(i, rules.colors - 1);
  const std::string id = encode_game_id(rules, last);
  EXPECT_EQ(decode_game_id(id).secret, last);
  EXPECT_LE(id.size(), 14u);
}

TEST(GameId, TheSecretIsNotReadableOffTheId) {
  // Neighbouring secrets of one variant give ids that differ in most places.
  const Rules classic = test::classic().rules;
  const std::string a = encode_game_id(classic, code("1111"));
  const std::string b = encode_game_id(classic, code("1112"));
  std::size_t same = 0;
  for (std::size_t i = 0; i < a.size(); ++i) same += a[i] == b[i];
  EXPECT_LE(same, a.size() / 2) << a << " " << b;
  EXPECT_EQ(a.find("1111"), std::string::npos);
}

TEST(GameId, CaseDoesNotMatter) {
  const Rules classic = test::classic().rules;
  const std::string id = encode_game_id(classic, code("3632"));
  std::string lower = id;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  EXPECT_EQ(decode_game_id(lower).secret, code("3632"));
}

TEST(GameId, EveryOneCharacterTypoIsRefused) {
  const Rules classic = test::classic().rules;
  const std::string id = encode_game_id(classic, code("3632"));
  const std::string digits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  int accepted = 0;
  for (std::size_t i = 0; i < id.size(); ++i) {
    for (char c : digits) {
      if (c == id[i]) continue;
      std::string typo = id;
      typo[i] = c;
      try {
        decode_game_id(typo);
        ++accepted;
      } catch (const InputError&) {
      }
    }
  }
  // A 10-bit checksum lets about one in a thousand through; far fewer here.
  EXPECT_LE(accepted, 1);
}

TEST(GameId, MalformedIdsAreUsageErrorsOnOneLine) {
  for (const char* bad : {"", "12", "ABCDEFGHJKMNPQRSTV", "QV36AE!", "QV36AEI", "0000000", "ZZZZZZZ"}) {
    try {
      decode_game_id(bad);
      ADD_FAILURE() << "accepted " << bad;
    } catch (const InputError& e) {
      EXPECT_EQ(e.code(), ExitCode::usage);
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
      EXPECT_NE(std::string(e.what()).find("not a game id"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace mm

namespace mm {
namespace {

TEST(GameId, BlackPegRulesReadBackAndDifferFromTheFullGame) {
  for (const char* spelling : {"p4c6rb", "p5c8nb-g12", "p1c2rb"}) {
    GameId game;
    game.rules = parse_rules(spelling);
    game.secret = code_at(game.rules.code_count() - 1, game.rules);
    const std::string id = encode_game_id(game);
    EXPECT_EQ(decode_game_id(id), game) << spelling;
    GameId full = game;
    full.rules.feedback = FeedbackRule::full;
    EXPECT_NE(encode_game_id(full), id) << spelling;
    EXPECT_FALSE(decode_game_id(encode_game_id(full)).rules.black_only()) << spelling;
  }
  GameId hard;
  hard.rules = parse_rules("p4c6rb");
  hard.secret = code_at(7, hard.rules);
  hard.hard = true;
  hard.style = FeedbackStyle::numbers;
  hard.preset = "dk";
  EXPECT_EQ(decode_game_id(encode_game_id(hard)), hard);
}

}  // namespace
}  // namespace mm
