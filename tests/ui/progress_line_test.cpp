// The words of the progress lines, as describe_progress writes them (in English, no catalogue).
#include "mm/frontend/progress_line.hpp"

#include <gtest/gtest.h>

namespace mm::frontend {
namespace {

Progress optimal_search() {
  return Progress{.kind = Progress::Kind::optimal,
                  .strategy = "optimal",
                  .rules = "p6c5r",
                  .lower_bound = 68031,
                  .nodes = 90000,
                  .seconds = 30,
                  .classes_done = 25,
                  .classes_total = 26};
}

// Before the first total, the first guess's classes are what moves; the bounds stand still.
TEST(ProgressLine, TheFirstGuesssClassesUntilATotalIsKnown) {
  const Progress p = optimal_search();
  EXPECT_EQ(describe_progress(p),
            "optimal on p6c5r: 30 s, first guess 25/26 classes, lower bound 68,031, 3,000 nodes/s");
  EXPECT_EQ(describe_progress(p, false), "optimal on p6c5r: 30 s, first guess 25/26 classes, lower bound 68,031");
}

TEST(ProgressLine, TheBoundsAndTheGapOnceATotalIsKnown) {
  Progress p = optimal_search();
  p.best_total = 75000;
  p.lower_bound = 73500;
  EXPECT_EQ(describe_progress(p),
            "optimal on p6c5r: 30 s, best total 75,000, lower bound 73,500, gap 2.00%, 3,000 nodes/s");
  // The exact search's first guesses settled, where the whole line is shown.
  p.done = 4;
  p.total = 10;
  EXPECT_EQ(describe_progress(p),
            "optimal on p6c5r: 30 s, best total 75,000, lower bound 73,500, gap 2.00%, "
            "first guesses 4/10, 3,000 nodes/s");
  EXPECT_EQ(describe_progress(p, false), "optimal on p6c5r: 30 s, best total 75,000, lower bound 73,500, gap 2.00%");
  // A search that counts no classes (the worst case's, the spread search's ranks) says the gap
  // from the start.
  p = optimal_search();
  p.classes_total = p.classes_done = 0;
  EXPECT_EQ(describe_progress(p, false), "optimal on p6c5r: 30 s, best total -, lower bound 68,031, gap 100.00%");
}

// The worst case's first search: the depth it seeks a strategy within, not an empty gap.
TEST(ProgressLine, TheDepthTheWorstCaseSeeks) {
  Progress p = optimal_search();
  p.classes_total = p.classes_done = 0;
  p.lower_bound = 0;
  p.depth_tried = 6;
  EXPECT_EQ(describe_progress(p), "optimal on p6c5r: 30 s, seeking a strategy within 6 guesses, 3,000 nodes/s");
  EXPECT_EQ(describe_progress(p, false), "optimal on p6c5r: 30 s, seeking a strategy within 6 guesses");
  // Its first guesses and the second guesses at their classes, once it counts them; the shorter
  // line fits 80 columns with an hour's time.
  p.done = 1;
  p.total = 7;
  p.second_done = 37;
  p.second_total = 288;
  EXPECT_EQ(describe_progress(p),
            "optimal on p6c5r: 30 s, seeking a strategy within 6 guesses, first guesses 1/7, second 37/288, "
            "3,000 nodes/s");
  EXPECT_EQ(describe_progress(p, false), "optimal on p6c5r: 30 s, seeking 6 guesses, first 1/7, second 37/288");
  Progress longer = p;
  longer.seconds = 3 * 3600 + 59 * 60;
  longer.second_done = 1234;
  longer.second_total = 4567;
  EXPECT_LT(describe_progress(longer, false).size(), 80U);
  // Once the second search has a total, its bounds.
  p.best_total = 75000;
  p.lower_bound = 73500;
  EXPECT_EQ(describe_progress(p, false), "optimal on p6c5r: 30 s, best total 75,000, lower bound 73,500, gap 2.00%");
}

// Stopped, the search makes its strategy into a tree (on 6 x 5 the best one takes a while): the
// line says so, and that a second Ctrl-C quits, rather than go on as if it searched.
TEST(ProgressLine, AStoppedSearchBuildingItsStrategy) {
  Progress p = optimal_search();
  p.best_total = 75000;
  p.finishing = true;
  EXPECT_EQ(describe_progress(p), "optimal on p6c5r: 30 s, stopped, building its strategy; Ctrl-C quits");
  EXPECT_EQ(describe_progress(p, false), "optimal on p6c5r: 30 s, stopped, building its strategy; Ctrl-C quits");
}

// A proof ended, the search reads its tree back (on a resumed 6 x 5 proof the best first guess's
// classes are searched again): the line gives the optimum, not a search still under way.
TEST(ProgressLine, AProvenOptimumBuildingItsTree) {
  Progress p = optimal_search();
  p.best_total = 73795;
  p.lower_bound = 73795;
  p.done = 10;
  p.total = 10;
  p.building = true;
  EXPECT_EQ(describe_progress(p), "optimal on p6c5r: 30 s, optimum 73,795 proven, building its tree");
  EXPECT_EQ(describe_progress(p, false), "optimal on p6c5r: 30 s, optimum 73,795 proven, building its tree");
}

}  // namespace
}  // namespace mm::frontend
