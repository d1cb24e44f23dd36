#include "mm/api/game_path.hpp"

#include <gtest/gtest.h>

#include "mm/api/token.hpp"

namespace mm::api {
namespace {

TEST(GamePath, SplitsTheTokenFromTheAction) {
  const auto game = game_path("/api/solve/abc", kSolvePath);
  ASSERT_TRUE(game);
  EXPECT_EQ(game->token, "abc");
  EXPECT_EQ(game->action, "");
  const auto move = game_path("/api/games/abc/guess", kGamesPath);
  ASSERT_TRUE(move);
  EXPECT_EQ(move->token, "abc");
  EXPECT_EQ(move->action, "guess");
  // All that follows the token's slash is the action, which no kind of game takes.
  EXPECT_EQ(game_path("/api/games/abc/guess/more", kGamesPath)->action, "guess/more");
  EXPECT_EQ(game_path("/api/games/", kGamesPath)->token, "");
}

TEST(GamePath, LeavesPathsNotUnderTheBase) {
  EXPECT_FALSE(game_path("/api/duel", kDuelPath));
  EXPECT_FALSE(game_path("/api/duels", kDuelPath));
  EXPECT_FALSE(game_path("/api/duels/join", kDuelPath));
  EXPECT_FALSE(game_path("/api/watch/abc", kSolvePath));
  EXPECT_FALSE(game_path("/api", kGamesPath));
}

TEST(Token, IsThirtyTwoHexadecimalDigitsNeverTheSameTwice) {
  const std::string a = new_token();
  const std::string b = new_token();
  EXPECT_TRUE(is_token(a)) << a;
  EXPECT_NE(a, b);
  EXPECT_FALSE(is_token(a.substr(1)));
  EXPECT_FALSE(is_token(a + "0"));
  EXPECT_FALSE(is_token(std::string(32, 'A')));
  EXPECT_FALSE(is_token(std::string(32, 'g')));
}

}  // namespace
}  // namespace mm::api
