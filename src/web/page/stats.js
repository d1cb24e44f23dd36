// The player's statistics, kept in this browser alone (localStorage): per variant, the games
// played against the computer, the wins, the current and best streak of wins and how many guesses
// each win took. The page calls MMStats.record when such a game ends and MMStats.render to show
// them; nothing leaves the browser.
"use strict";

const MMStats = (() => {
  const KEY = "mm-stats-v1";

  // A variant's rules with its guess limit, as the highscores spell it (p4c6r-g10).
  const variantKey = (variant) => `${variant.rules}-g${variant.max_guesses}`;

  function load() {
    try {
      const all = JSON.parse(localStorage.getItem(KEY) || "{}");
      return all && typeof all === "object" ? all : {};
    } catch {
      return {};  // a damaged entry starts afresh rather than break the page
    }
  }

  function of(all, variant) {
    const entry = all[variantKey(variant)] || {};
    return {
      games: entry.games | 0, wins: entry.wins | 0, streak: entry.streak | 0, best: entry.best | 0,
      guesses: entry.guesses && typeof entry.guesses === "object" ? entry.guesses : {},
    };
  }

  // `result`: {won, guesses, daily}; a loss and a game given up both end the streak.
  function record(variant, result) {
    const all = load();
    const entry = of(all, variant);
    entry.games += 1;
    if (result.won) {
      entry.wins += 1;
      entry.streak += 1;
      entry.best = Math.max(entry.best, entry.streak);
      entry.guesses[result.guesses] = (entry.guesses[result.guesses] | 0) + 1;
    } else {
      entry.streak = 0;
    }
    all[variantKey(variant)] = entry;
    try {
      localStorage.setItem(KEY, JSON.stringify(all));
    } catch {
      // Storage full or refused (a private window): the game itself is not affected.
    }
    return entry;
  }

  function figure(label, value) {
    const item = document.createElement("div");
    item.className = "stat";
    const number = Object.assign(document.createElement("span"), { className: "stat-value", textContent: String(value) });
    const name = Object.assign(document.createElement("span"), { className: "stat-label", textContent: label });
    item.append(number, name);
    return item;
  }

  // The figures, then the wins by guesses as bars, one per count from 1 to the guess limit, each
  // with its number written (the bar helps, the number tells).
  function render(container, variant, t) {
    const entry = of(load(), variant);
    const heading = Object.assign(document.createElement("h3"), { textContent: variant.describe || variant.name });
    const figures = document.createElement("div");
    figures.className = "stat-figures";
    const percent = entry.games ? Math.round((100 * entry.wins) / entry.games) : 0;
    figures.append(figure(t("stats_games"), entry.games), figure(t("stats_wins"), `${percent} %`),
                   figure(t("stats_streak"), entry.streak), figure(t("stats_best_streak"), entry.best));
    const title = Object.assign(document.createElement("h4"), { id: "stats-distribution", textContent: t("stats_distribution") });
    const chart = document.createElement("ol");
    chart.className = "stat-chart";
    chart.setAttribute("aria-labelledby", "stats-distribution");
    const most = Math.max(1, ...Object.values(entry.guesses).map((n) => n | 0));
    for (let count = 1; count <= variant.max_guesses; count++) {
      const wins = entry.guesses[count] | 0;
      const row = document.createElement("li");
      const label = Object.assign(document.createElement("span"), { className: "stat-count", textContent: String(count) });
      const bar = Object.assign(document.createElement("span"), { className: "stat-bar", textContent: String(wins) });
      bar.style.width = `calc(2rem + ${Math.round((100 * wins) / most)}% * 0.8)`;
      row.append(label, bar);
      chart.append(row);
    }
    container.replaceChildren(heading, figures, title, chart);
  }

  return { record, render, variantKey };
})();

window.MMStats = MMStats;
