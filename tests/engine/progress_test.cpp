// The run's progress sink (RunContext::progress): the engine tells it when a long computation
// starts and ends, and what it has done so far, whichever request carries the run.

#include "mm/run/progress.hpp"

#include <gtest/gtest.h>

#include <functional>

#include "mm/engine/analysis.hpp"
#include "mm/run/stop.hpp"

namespace mm::engine {
namespace {

// Counts the calls and reads the progress once, as a progress line would.
class RecordingSink : public ProgressSink {
 public:
  void begin(std::function<Progress()> poll) override {
    ++begun;
    heard = poll();
  }
  void end() noexcept override { ++ended; }

  int begun = 0;
  int ended = 0;
  Progress heard;
};

TEST(Progress, TheRunsSinkHearsAnEvaluationOfEverySecret) {
  RecordingSink sink;
  AnalysisRequest request;
  request.rules = parse_rules("p3c4r");
  request.run.progress = &sink;
  EXPECT_EQ(evaluate(request).evaluation.secrets, 64u);
  EXPECT_EQ(sink.begun, 1);
  EXPECT_EQ(sink.ended, 1);
  EXPECT_EQ(sink.heard.kind, Progress::Kind::secrets);
  EXPECT_EQ(sink.heard.strategy, "knuth");
  EXPECT_EQ(sink.heard.rules, "p3c4r");
  EXPECT_EQ(sink.heard.total, 64u);
}

TEST(Progress, TheRunsSinkHearsTheOptimalSearchOfNext) {
  RecordingSink sink;
  NextRequest request;
  request.rules = parse_rules("p3c4r");
  request.codebreaker.strategy = StrategyKind::optimal;
  request.run.progress = &sink;
  next_guess(request);
  EXPECT_EQ(sink.begun, 1);
  EXPECT_EQ(sink.ended, 1);
  EXPECT_EQ(sink.heard.kind, Progress::Kind::optimal);
  EXPECT_EQ(sink.heard.strategy, "optimal");
}

TEST(Progress, AStoppedComputationStillEndsItsProgress) {
  RecordingSink sink;
  const StopSource stop;
  stop.request_stop();
  AnalysisRequest request;
  request.rules = parse_rules("p4c6r");
  request.run.stop = stop.token();
  request.run.progress = &sink;
  EXPECT_THROW(evaluate(request), Cancelled);
  EXPECT_EQ(sink.begun, 1);
  EXPECT_EQ(sink.ended, 1);
}

}  // namespace
}  // namespace mm::engine
