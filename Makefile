# Quick start: `make play` to play, `make test` to run every test. Both install missing Debian
# packages first (scripts/install-deps), then configure and build with the CMake preset below.
PRESET ?= default
BUILD_DIR := build

.PHONY: all deps configure build play test bench format clean

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
	clang-format -i $$(git ls-files '*.hpp' '*.cpp')

clean:
	rm -rf $(BUILD_DIR)
