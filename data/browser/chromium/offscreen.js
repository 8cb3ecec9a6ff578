// Chromium's offscreen document: it holds fontd's event stream, which the service worker cannot (it
// is stopped when idle), and wakes the worker with a message for each change; an offscreen
// document has only chrome.runtime, so the worker applies the size.
"use strict";
const server = new URL(location.href).searchParams.get("server") || FONTD_DEFAULT_SERVER;
const tell = (message) => chrome.runtime.sendMessage(message).catch(() => {});
new FontdFollower({
  server,
  client: "chromium",
  onRatio: ({ category, ratio }) => tell({ type: "fontd-ratio", category, ratio }),
  onState: (state) => tell({ type: "fontd-state", state }),
}).start();
