// Firefox's background page: text-only zoom (Firefox's "Zoom text only") r on every tab, new tabs and
// navigations included; the reader's own zoom for a site is multiplied, not replaced
// (docs/DESIGN.md §26 (The desktop bridge), "Browsers").
//
// Firefox keeps a zoom per site and restores it on every load of the site, the extension's as well
// as the reader's. So the extension remembers, per site, the zoom it wrote, the r it wrote it for and
// the reader's own zoom it multiplied: a zoom it finds equal to its write (to the hundredth Firefox
// keeps) leaves the reader's own as it was; another is the reader's own × that r (the reader zoomed
// since); and a site it never wrote is at the reader's own zoom.
"use strict";

let ratio = 1;
/** Per site (host): `{written, ratio, own}`, the zoom the extension last set, the r and the reader's zoom it set it for. */
let sites = {};
let follower = null;
/** One tab is looked at a time, in order: a zoom read and written by two at once would be lost. */
let queue = Promise.resolve();

const siteOf = (url) => {
  try {
    const parsed = new URL(url);
    return ["http:", "https:", "file:"].includes(parsed.protocol) ? parsed.hostname || parsed.protocol : null;
  } catch {
    return null;
  }
};
// Firefox keeps a zoom to the hundredth: 1.1 × 1.94 is read back as 2.14.
const near = (a, b) => Math.abs(a - b) < 0.0051;

async function zoomTab(tab) {
  const site = siteOf(tab.url ?? "");
  if (site === null || tab.incognito) return;
  let current;
  try {
    current = await browser.tabs.getZoom(tab.id);
  } catch {
    return; // the tab closed
  }
  const known = sites[site];
  const own = !known ? current : near(current, known.written) ? known.own : current / known.ratio;
  // Firefox zooms from 0.3 to 5.
  const wanted = Math.min(5, Math.max(0.3, own * ratio));
  if (known && known.ratio === ratio && known.own === own && near(current, wanted)) return;
  sites[site] = { written: wanted, ratio, own };
  await browser.storage.local.set({ sites });
  if (!near(current, wanted)) await browser.tabs.setZoom(tab.id, wanted).catch(() => {});
}

const schedule = (work) => {
  queue = queue.then(work).catch(() => {});
  return queue;
};
const zoomAll = () => schedule(async () => {
  for (const tab of await browser.tabs.query({})) await zoomTab(tab);
});
const zoomOne = (tabId) => schedule(async () => zoomTab(await browser.tabs.get(tabId)));

async function follow() {
  if (follower) follower.stop();
  const { server = FONTD_DEFAULT_SERVER } = await browser.storage.local.get("server");
  follower = new FontdFollower({
    server,
    client: "firefox",
    onRatio: ({ category, ratio: next }) => {
      ratio = next;
      browser.storage.local.set({ applied: { category, ratio, time: Date.now() } });
      zoomAll();
    },
    onState: (state) => browser.storage.local.set({ state }),
  });
  follower.start();
}

async function start() {
  const stored = await browser.storage.local.get(["sites", "applied"]);
  sites = stored.sites ?? {};
  // Until fontd answers, the last value it gave stands.
  ratio = stored.applied?.ratio ?? 1;
  await browser.browserSettings.zoomFullPage.set({ value: false });
  browser.tabs.onCreated.addListener((tab) => zoomOne(tab.id));
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url || change.status === "loading") zoomOne(tabId);
  });
  // The reader's own zoom (Ctrl +), or Firefox restoring a site's: either way the site's zoom is read again.
  browser.tabs.onZoomChange.addListener(({ tabId }) => zoomOne(tabId));
  browser.storage.onChanged.addListener((changes) => {
    if (changes.server) follow();
  });
  zoomAll();
  follow();
}

start();
