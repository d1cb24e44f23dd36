# %% [markdown]
# # A tour of the `mastermind` module
#
# The engine of the `mastermind` program, from Python: scoring, the codes still possible, a
# strategy's next guess, and whole evaluations with the figures of the literature. Every answer
# that the command line gives with `--json` comes back as the same content, a dict.
#
# Run it as a script (`python3 tour.py`), or open it in an editor that takes `# %%` cells as a
# notebook (VS Code, Spyder, Jupytext). Needs the module: the python3-mastermind package, or
# `PYTHONPATH=build/python` after `make build`.

# %%
import mastermind

print("mastermind", mastermind.__version__)
print("presets:", ", ".join(mastermind.presets()))
print("strategies:", ", ".join(mastermind.strategies()))

# %% [markdown]
# ## Scoring
# The answer a secret gives to a guess: black pegs (right colour, right place) and white pegs
# (right colour, wrong place). Boards are named like the command line's `--rules` (`p4c6r`: four
# pegs, six colours, repeats allowed) or `--preset`.

# %%
print(mastermind.score("3632", "1122", rules="p4c6r"))  # one black: the last peg
print(mastermind.score("1234", "1437", preset="bulls"))  # Bulls and Cows: 2 bulls, 1 cow

# %% [markdown]
# ## The codes still possible
# A turn is `GUESS=ANSWER` as `mastermind next` takes it, or a pair; the answer in any style the
# program reads (`B...`, `1 0`, `1B`).

# %%
history = ["1122=B...", ("1344", "0 1")]
left = mastermind.candidates(history)
print(len(left), "codes fit both answers, e.g.", left[:5])

# %%
advice = mastermind.next_guess(history, strategy="knuth")
print(f"knuth plays {advice['guess']}; {advice['remaining']} codes remain")

# %% [markdown]
# ## Evaluating strategies
# Every strategy against all 1296 secrets of the classic board, and the published totals:
# Knuth 1977 5801, Kooi 2005 (most parts) 5668, Koyama and Lai 1993 (optimal) 5625.

# %%
results = {name: mastermind.evaluate(name, rules="p4c6r")
           for name in ["knuth", "irving", "entropy", "most-parts", "optimal"]}
for name, r in results.items():
    print(f"{name:>10}: total {r['total']:5}  average {r['average']:.3f}  worst {r['max']}")
assert results["knuth"]["total"] == 5801 and results["optimal"]["total"] == 5625

# %% [markdown]
# ## A histogram
# How many secrets each number of guesses takes (the dict's `histogram`, every number from 1 to
# the worst case). With matplotlib one would draw `plt.bar(h.keys(), h.values())`; here as text.

# %%
h = results["knuth"]["histogram"]
for guesses, secrets in h.items():
    print(f"{guesses} {'guess  ' if guesses == '1' else 'guesses'} {secrets:4} {'#' * (secrets // 20)}")

# %% [markdown]
# ## The hardest secrets, and errors
# Bad input raises ValueError with the program's own words.

# %%
hardest = mastermind.hardest("knuth", count=2)
for item in hardest["hardest"]:
    print(item["secret"], "needs", item["guesses"], "guesses:", " ".join(t["guess"] for t in item["game"]))
try:
    mastermind.score("123", "1234")
except ValueError as error:
    print("ValueError:", error)
