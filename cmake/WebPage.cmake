# The page's files (src/web/page/), one list for both builds: the native build embeds them in the
# server (cmake/Embed.cmake: `mastermind serve` works from any folder and never serves a file of
# the machine), and `make web` copies them beside the engine in MM_WEB_DIR, which makes the static
# site any file server serves.
set(MM_PAGE_DIR ${PROJECT_SOURCE_DIR}/src/web/page)
set(MM_PAGE_FILES index.html style.css app.js transport.js words.js board.js settings.js worker.js stats.js daily.js
                  sw.js manifest.webmanifest icon.svg)
list(TRANSFORM MM_PAGE_FILES PREPEND ${MM_PAGE_DIR}/ OUTPUT_VARIABLE MM_PAGE_PATHS)
# The site's files that are not text, which the server does not embed: made by `make web` and
# served by `mastermind serve` from the data directory's web/ when they are there (the build tree's
# is a link to MM_WEB_DIR), by name, never by a path the request spells.
set(MM_SITE_BINARY_FILES engine.js engine.wasm)
