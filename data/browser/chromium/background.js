// Chromium's service worker: keeps an offscreen document holding fontd's event stream, and sets
// the default font size to the reader's own × r, and a minimum size that follows, when it tells
// of a change (docs/DESIGN.md §26 (The desktop bridge), "Browsers").
"use strict";
importScripts("follow.js");

/** Below this many pixels no text is drawn once r > 1, unless the reader's own minimum is larger. */
const SMALLEST_PX = 6;
/** Chromium refuses a minimum font size above 24 px. */
const LARGEST_MINIMUM_PX = 24;

let opening = null;

/** The offscreen document for the server in the options, made once (a second one is refused). */
function ensureStream() {
  opening ??= (async () => {
    const { server = FONTD_DEFAULT_SERVER } = await chrome.storage.local.get("server");
    const url = chrome.runtime.getURL(`offscreen.html?server=${encodeURIComponent(server)}`);
    const open = await chrome.runtime.getContexts({ contextTypes: ["OFFSCREEN_DOCUMENT"] });
    if (open.some((context) => context.documentUrl === url)) return;
    if (open.length > 0) await chrome.offscreen.closeDocument();
    await chrome.offscreen.createDocument({
      url,
      reasons: ["WORKERS"],
      justification: "Holds fontd's event stream, so that pages follow the reader's text size while the service worker sleeps.",
    });
  })().finally(() => {
    opening = null;
  });
  return opening;
}

/**
 * The reader's own default and minimum sizes, read once before the extension first sets them
 * (afterwards Chromium answers the extension's own), and kept.
 */
async function readerSizes() {
  const { own } = await chrome.storage.local.get("own");
  if (own) return own;
  const [size, minimum] = await Promise.all([chrome.fontSettings.getDefaultFontSize({}), chrome.fontSettings.getMinimumFontSize({})]);
  const mine = size.levelOfControl === "controlled_by_this_extension";
  const recorded = { defaultPx: mine ? 16 : size.pixelSize, minimumPx: mine ? 0 : minimum.pixelSize };
  await chrome.storage.local.set({ own: recorded });
  return recorded;
}

async function apply(category, ratio) {
  const own = await readerSizes();
  const defaultPx = Math.round(own.defaultPx * ratio);
  const minimumPx = ratio > 1 ? Math.min(LARGEST_MINIMUM_PX, Math.round(Math.max(own.minimumPx, SMALLEST_PX) * ratio)) : own.minimumPx;
  await chrome.fontSettings.setDefaultFontSize({ pixelSize: defaultPx });
  await chrome.fontSettings.setMinimumFontSize({ pixelSize: minimumPx });
  const { wakes = 0 } = await chrome.storage.local.get("wakes");
  await chrome.storage.local.set({ applied: { category, ratio, defaultPx, minimumPx, time: Date.now() }, wakes: wakes + 1 });
}

chrome.runtime.onMessage.addListener((message) => {
  if (message?.type === "fontd-ratio") apply(message.category, message.ratio);
  if (message?.type === "fontd-state") chrome.storage.local.set({ state: message.state });
});
chrome.storage.onChanged.addListener((changes) => {
  if (changes.server) ensureStream();
});
chrome.runtime.onStartup.addListener(ensureStream);
chrome.runtime.onInstalled.addListener(ensureStream);
// Every start of the worker (a message woke it, the browser started) makes sure the stream is held.
ensureStream();
