/// `GET /fontd.js` (docs/DESIGN.md §22 (The web)): the ES module that makes a page follow the reader.
///
/// `import { follow } from "http://127.0.0.1:8686/fontd.js"; follow()` opens `/events` on the
/// server the module was loaded from, keeps `<html data-text-size>`, `data-bold-text` and
/// `data-text-spacing` equal to the reader's preferences, swaps each `<link rel=stylesheet>` to
/// that server's `/css` for them — with `readingFont=` once the reader has chosen a reading font
/// (docs/DESIGN.md §33 (The reading font)) — removing the old one once the new has loaded, so nothing flashes, and dispatches
/// `fontd:change` on `document`. `EventSource` reconnects and resumes with `Last-Event-ID` by
/// itself. No dependencies; under 4 KB (`FollowerScriptTests`).
///
/// `follow({ scope: "alice/phone", token })` follows a scope (docs/DESIGN.md §23 (Reader scopes and scoped tokens)): `/events` and
/// every swapped `/css` link are asked with `scope=` and, when a token is given, `access_token=`
/// (a browser cannot send an `Authorization` header with `EventSource` or a `<link>`).
///
/// `follow({ live: false })` applies the reader's preferences once, from `/preferences`, and
/// opens no event stream: a page that follows live never reaches network idle, so a headless
/// browser's screenshot that waits for it to settle (`--virtual-time-budget`) would never return.
/// `ready` settles once they are applied.
public enum FollowerScript {
    /// The module's source, as served.
    public static let source = #"""
        // fontd.js: a page follows the reader's text size. No dependencies.
        //   import { follow } from "http://127.0.0.1:8686/fontd.js"; follow();
        // Keeps <html data-text-size>, data-bold-text and data-text-spacing equal to the reader's
        // preferences, swaps each <link rel=stylesheet> to this server's /css for them (the old one goes
        // once the new has loaded), and dispatches "fontd:change" on document.
        // follow({ scope: "alice/phone", token }) follows a scope (scope= and access_token=).
        // follow({ live: false }) applies them once and opens no stream (for screenshots).
        const server = new URL(import.meta.url).origin;

        export function follow({ scope, token, live = true } = {}) {
          const root = document.documentElement;
          const prefs = {};
          const params = new URLSearchParams();
          if (scope) params.set("scope", scope);
          if (token) params.set("access_token", token);
          const query = String(params);
          let applied;
          const ready = new Promise((resolve) => { applied = resolve; });
          const apply = () => {
            root.dataset.textSize = prefs.category;
            if (prefs.legibilityWeight === "bold") root.dataset.boldText = "";
            else delete root.dataset.boldText;
            if (prefs.textSpacing === "wcag") root.dataset.textSpacing = "wcag";
            else delete root.dataset.textSpacing;
            for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) swap(link);
            document.dispatchEvent(new CustomEvent("fontd:change", { detail: { ...prefs } }));
            applied();
          };
          const swap = (link) => {
            if (link.dataset.fontdOld !== undefined) return;
            let url;
            try { url = new URL(link.href); } catch { return; }
            if (url.origin !== server || url.pathname !== "/css") return;
            const all = url.searchParams.get("category") === "all";
            const spaced = prefs.textSpacing !== "default" || url.searchParams.has("textSpacing");
            const reading = prefs.readingFont !== null || url.searchParams.has("readingFont");
            if (all && !spaced && !reading) return;
            if (!all) {
              url.searchParams.set("category", prefs.category);
              url.searchParams.set("legibility", prefs.legibilityWeight);
            }
            if (spaced) url.searchParams.set("textSpacing", prefs.textSpacing);
            if (reading) url.searchParams.set("readingFont", prefs.readingFont ?? "");
            for (const [name, value] of params) url.searchParams.set(name, value);
            if (url.href === link.href) return;
            const next = link.cloneNode();
            next.href = url.href;
            link.dataset.fontdOld = "";
            const done = () => link.remove();
            next.addEventListener("load", done, { once: true });
            next.addEventListener("error", () => { next.remove(); delete link.dataset.fontdOld; }, { once: true });
            link.after(next);
          };
          const snapshot = (data) => {
            prefs.category = data.category;
            prefs.legibilityWeight = data.legibilityWeight;
            prefs.textSpacing = data.textSpacing ?? "default";
            prefs.readingFont = data.readingFont ?? null;
          };
          let events;
          const handle = { ready, close: () => events?.close(), get preferences() { return { ...prefs }; } };
          if (!live) {
            const headers = token ? { Authorization: "Bearer " + token } : {};
            fetch(server + "/preferences" + (scope ? "?scope=" + encodeURIComponent(scope) : ""), { headers })
              .then((answer) => answer.json()).then((data) => { snapshot(data); apply(); });
            return handle;
          }
          events = new EventSource(server + "/events" + (query ? "?" + query : ""));
          const on = (name, read) => events.addEventListener(name, (event) => {
            read(JSON.parse(event.data));
            apply();
          });
          on("preferences", snapshot);
          on("contentSizeCategoryDidChange", (data) => { prefs.category = data.category; });
          on("legibilityWeightDidChange", (data) => { prefs.legibilityWeight = data.legibilityWeight; });
          on("textSpacingDidChange", (data) => { prefs.textSpacing = data.textSpacing; });
          on("readingFontDidChange", (data) => { prefs.readingFont = data.readingFont; });
          return handle;
        }
        """#
}
