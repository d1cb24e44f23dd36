// The service worker: after one visit the site loads and plays with the network gone. Every file
// of the site is cached when the worker is installed; each request then goes to the network first
// (so a new version replaces the old one on the next visit that has a network, the cache updated
// from it) and to the cache when the network fails. The API of `mastermind serve` is never cached:
// offline, the page plays in its own engine instead.
"use strict";

const CACHE = "mastermind-site";
// The site's files, relative to this worker (tests/web/test_site.py checks the list against the
// folder `make web` writes, so that none is left out).
const FILES = [
  "./", "index.html", "style.css", "app.js", "transport.js", "words.js", "board.js", "settings.js",
  "worker.js", "stats.js", "daily.js", "sw.js", "manifest.webmanifest", "icon.svg", "engine.js", "engine.wasm",
];

self.addEventListener("install", (event) => {
  // One file missing (an engine not built beside a server's page) leaves the others cached.
  event.waitUntil(caches.open(CACHE).then((cache) =>
    Promise.all(FILES.map((file) => cache.add(new Request(file, { cache: "reload" })).catch(() => undefined)))));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

const isApi = (url) => url.href.startsWith(new URL("api/", self.registration.scope).href);

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || isApi(url)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (error) {
      // The address with its query (?date=...) is the same page.
      const cached = await cache.match(request, { ignoreSearch: true });
      if (cached) return cached;
      throw error;
    }
  })());
});
