// fontd's event stream, followed by the extension: the reader's category, and the ratio r that the
// server's own style table gives it (docs/DESIGN.md §26 (The desktop bridge): body's size at the
// category ÷ body's size at `l`). Loaded by Chromium's offscreen document and Firefox's background page.
"use strict";

/** Where fontd answers unless the reader says otherwise in the options page. */
const FONTD_DEFAULT_SERVER = "http://127.0.0.1:8686";
/** The first and the longest wait before connecting again to a fontd that did not answer. */
const FONTD_RETRY_FIRST_MS = 500;
const FONTD_RETRY_LAST_MS = 3000;

/**
 * Follows `/events` at `server` as `client` (the browser's name, which the server lists among its
 * subscribers) and calls `onRatio({category, ratio})` once for each category the reader chooses.
 * Unreachable, it keeps the last value (it calls nothing) and connects again, waiting twice as
 * long each time up to FONTD_RETRY_LAST_MS.
 */
class FontdFollower {
  constructor({ server, client, onRatio, onState = () => {} }) {
    this.server = server;
    this.client = client;
    this.onRatio = onRatio;
    this.onState = onState;
    this.sizes = new Map();
    this.category = null;
    this.retryMs = FONTD_RETRY_FIRST_MS;
    this.source = null;
    this.timer = null;
    this.stopped = false;
  }

  start() {
    this.connect();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.source) this.source.close();
  }

  connect() {
    if (this.stopped) return;
    const url = new URL("/events", this.server);
    url.searchParams.set("client", this.client);
    const source = new EventSource(url.href);
    this.source = source;
    source.onopen = () => {
      this.retryMs = FONTD_RETRY_FIRST_MS;
      // A server started again may load another table: its sizes are asked for again.
      this.sizes.clear();
      this.onState({ state: "connected", server: this.server });
    };
    // The snapshot comes first on every connection, so a server started again is caught up at once.
    source.addEventListener("preferences", (event) => this.take(event));
    source.addEventListener("contentSizeCategoryDidChange", (event) => this.take(event));
    source.onerror = () => {
      // EventSource's own retry stops for good on some failures (a refused answer): this one never does.
      source.close();
      if (this.source !== source || this.stopped) return;
      this.onState({ state: "unreachable", server: this.server, retryMs: this.retryMs });
      this.timer = setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, FONTD_RETRY_LAST_MS);
    };
  }

  async take(event) {
    let category;
    try {
      category = JSON.parse(event.data).category;
    } catch {
      return;
    }
    if (typeof category !== "string") return;
    this.category = category;
    try {
      const [size, large] = await Promise.all([this.bodySize(category), this.bodySize("l")]);
      // A newer category may have arrived while the sizes were asked for: that one wins.
      if (this.category !== category || !(size > 0) || !(large > 0)) return;
      this.onRatio({ category, ratio: size / large });
    } catch (error) {
      this.onState({ state: "unreachable", server: this.server, error: String(error) });
    }
  }

  /** Body's point size at `category`, as the server resolves it (`GET /font?style=body&category=`). */
  async bodySize(category) {
    if (this.sizes.has(category)) return this.sizes.get(category);
    const url = new URL("/font", this.server);
    url.searchParams.set("style", "body");
    url.searchParams.set("category", category);
    const response = await fetch(url.href, { cache: "no-store" });
    if (!response.ok) throw new Error(`GET ${url.pathname}${url.search} answered ${response.status}`);
    const size = (await response.json()).descriptor.pointSize;
    this.sizes.set(category, size);
    return size;
  }
}

globalThis.FontdFollower = FontdFollower;
globalThis.FONTD_DEFAULT_SERVER = FONTD_DEFAULT_SERVER;
