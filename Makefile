# Quick start: `make play` to play, `make test` to run every test. Both install missing Debian
# packages first (scripts/install-deps), then configure and build with the CMake preset below.
PRESET ?= default
BUILD_DIR := build

.PHONY: all deps configure build play test bench format fuzz clean

all: build

deps:
	@scripts/install-deps

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET)

play: build
	@./$(BUILD_DIR)/mastermind

test: build
	@ctest --preset $(PRESET)

bench: build
	./$(BUILD_DIR)/mastermind bench
	@if [ -x $(BUILD_DIR)/bench/mm_bench ]; then ./$(BUILD_DIR)/bench/mm_bench; fi

format:
	@scripts/install-deps --format
	clang-format -i $$(git ls-files '*.hpp' '*.cpp')

# Long fuzzing runs with clang's libFuzzer and the sanitizers, FUZZ_SECONDS per harness; new
# inputs go to build-fuzz/corpus/, the checked-in seeds stay as they are. `make test` only replays
# the seeds (tests/fuzz/corpus) with the normal compiler.
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES := code feedback rules alphabet variant name number tree

fuzz:
	@scripts/install-deps --fuzz
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz --target $(addprefix fuzz_,$(FUZZ_HARNESSES))
	@for h in $(FUZZ_HARNESSES); do \
	  mkdir -p build-fuzz/corpus/$$h; \
	  echo "fuzz_$$h: $(FUZZ_SECONDS) s"; \
	  build-fuzz/tests/fuzz/fuzz_$$h -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    build-fuzz/corpus/$$h tests/fuzz/corpus/$$h || exit 1; \
	done

clean:
	rm -rf $(BUILD_DIR) build-fuzz
