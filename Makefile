# Quick start: `make play` to play, `make test` to run every test. Both install missing Debian
# packages first (scripts/install-deps), then configure and build with the CMake preset below.
PRESET ?= default
BUILD_DIR := build

.PHONY: all deps configure build play web test bench bench-web bench-page pictures bench-optimal trees books pot format fuzz install uninstall deb clean

all: build

deps:
	@scripts/install-deps

configure: deps
	@cmake --preset $(PRESET) >/dev/null

build: configure
	@cmake --build --preset $(PRESET)

play: build
	@./$(BUILD_DIR)/mastermind

# The engine in WebAssembly, for a browser with no server: Debian's emscripten (installed by
# scripts/install-deps --web) builds it with the `web` preset in build-web/ and writes the module,
# engine.js and engine.wasm, to build/web/ (the native build's tests load it with node).
web:
	@scripts/install-deps --web
	@emcmake cmake --preset web >/dev/null
	@cmake --build --preset web

# The browser tests of `mastermind serve` need Chromium, its WebDriver and Selenium: installed for
# `make test` only, never for `make play`. The tests of the engine in WebAssembly need `make web`.
test: build web
	@scripts/install-deps --browser
	@ctest --preset $(PRESET)

bench: build
	./$(BUILD_DIR)/mastermind bench
	@if [ -x $(BUILD_DIR)/bench/mm_bench ]; then ./$(BUILD_DIR)/bench/mm_bench; fi

# The engine in WebAssembly (node) against the native program, one thread each, on `evaluate
# --strategy knuth` of the classic board and of Bulls and Cows, and the module's size (bench/web.js).
bench-web: build web
	node bench/web.js $(BUILD_DIR)/web/engine.js $(BUILD_DIR)/mastermind

# The static site's first load in headless Chromium: the time until a guess can be typed and the
# bytes sent gzipped (bench/web_page.py).
bench-page: web
	@scripts/install-deps --browser
	python3 bench/web_page.py build/web

# The README's pictures of the page (docs/page-*.png), at 360 and 1280 px in light and dark, as the
# browser tests draw them (tests/web/test_offline.py).
pictures: build web
	@scripts/install-deps --browser
	@ctest --test-dir $(BUILD_DIR) -R '^web_offline$$' --output-on-failure >/dev/null
	@cp $(BUILD_DIR)/tests/web/page-*.png docs/
	@ls docs/page-*.png

# The optimal totals of the literature the tests do not reach (minutes each): 4 x 7 (Ville 2013,
# 11228) and Bulls and Cows (26274). Not part of `make test`.
BENCH_OPTIMAL_LIMIT ?= 36000
bench-optimal: build
	time ./$(BUILD_DIR)/mastermind evaluate --strategy optimal --rules p4c7r --time-limit $(BENCH_OPTIMAL_LIMIT) -j 1
	time ./$(BUILD_DIR)/mastermind evaluate --strategy optimal --preset bulls --time-limit $(BENCH_OPTIMAL_LIMIT) -j 1

# Remakes the shipped decision trees in data/trees/ with the program itself (scripts/make-trees);
# the tests check them secret by secret. Not part of `make test`.
trees: build
	@scripts/make-trees $(BUILD_DIR)/mastermind

# Remakes the opening books of the sampled codebreaker in data/books/ (scripts/make-books, with
# bench/make_books.cpp), nice and on two threads; BOOK_SAMPLE codes of each answer of the first
# guess at most (the default: all of them). Not part of `make test`.
BOOK_SAMPLE ?= 20000000
books: build
	@cmake --build --preset $(PRESET) --target mm_make_books
	@nice scripts/make-books $(BUILD_DIR)/bench/mm_make_books --sample $(BOOK_SAMPLE)

# Regenerates po/mastermind.pot, the translators' template, from the strings marked in the sources
# (docs/languages.md); `make test` says when it is out of date (translations_template).
pot: configure
	@cmake --build --preset $(PRESET) --target pot

format:
	@scripts/install-deps --format
	clang-format -i $$(git ls-files '*.hpp' '*.cpp')

# Long fuzzing runs with clang's libFuzzer and the sanitizers, FUZZ_SECONDS per harness; new
# inputs go to build-fuzz/corpus/, the checked-in seeds stay as they are. `make test` only replays
# the seeds (tests/fuzz/corpus) with the normal compiler.
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES := code feedback rules alphabet variant name number tree web

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

# Installs both programs, their data files (decision trees, translations), manual pages, shell
# completions, the engine for C++ programs (headers, libraries, CMake package, pkg-config file) and
# the Python module under PREFIX; DESTDIR=DIR stages it below DIR. `make uninstall` removes what the
# last `make install` put down (its manifest is kept as $(BUILD_DIR)/install_manifest.make.txt).
PREFIX ?= /usr/local
install: build web
	@DESTDIR=$(DESTDIR) cmake --install $(BUILD_DIR) --prefix $(PREFIX)
	@cp $(BUILD_DIR)/install_manifest.txt $(BUILD_DIR)/install_manifest.make.txt

uninstall:
	@cmake -DMANIFEST=$(BUILD_DIR)/install_manifest.make.txt -P cmake/Uninstall.cmake

# Debian packages (cmake/Packaging.cmake) in $(BUILD_DIR)/packages: mastermind, mastermind-mpi,
# mastermind-dev and python3-mastermind; their dependencies computed by dpkg-shlibdeps (dpkg-dev,
# and file for CPack, which install-deps --deb installs or names).
deb: build
	@scripts/install-deps --deb
	@cd $(BUILD_DIR) && cpack --config CPackConfig.cmake
	@ls -1 $(BUILD_DIR)/packages/*.deb

clean:
	rm -rf $(BUILD_DIR) build-fuzz build-web
