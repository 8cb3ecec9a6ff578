import DynamicType

extension ControlPage {
    /// The page's script: it follows the reader through `fontd.js` and keeps every control equal
    /// to the reader's preferences; it writes each change the reader makes with a `PUT` of the
    /// page's own origin (the slider's once it has settled for 250 ms, so a held arrow key is one
    /// change, not twelve); it previews the slider's size on the sample from `/tokens` while the
    /// reader moves it; it reads the target board and each target's limits and writes the exclude
    /// switches to `PUT /desktop`; and it sets a `.fit` element smaller until its longest word fits
    /// its line, so no word is ever broken or pushes the page sideways.
    static var script: String {
        let categories = ContentSizeCategory.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return "import { follow } from \"/fontd.js\";\nconst categories = [\(categories)];\n" + behaviour
    }

    static let behaviour = #"""
        const $ = (id) => document.getElementById(id);
        const slider = $("text-size"), sizeName = $("size-name"), sample = $("sample"), status = $("status");
        const bold = $("bold-text"), spacing = $("text-spacing"), note = $("desktop-note"), targets = $("targets");
        const generic = new Set(["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "math", "emoji"]);
        let reader = null;      // the reader's preferences, as fontd last said
        let wanted = null;      // the category the slider asks for, until fontd says the reader is at it
        let previewing = null;  // the category the sample shows ahead of the reader's
        let sending = null;     // the timer of the slider's write


        async function put(path, body) {
          let answer;
          try {
            answer = await fetch(path, { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
          } catch (error) {
            say(`fontd did not answer: ${error.message}`);
            return null;
          }
          if (answer.ok) return answer.json();
          let message = `${answer.status} ${answer.statusText}`;
          try { message = (await answer.json()).message ?? message; } catch {}
          say(`Not changed: ${message}`);
          return null;
        }

        const show = (index) => {
          sizeName.textContent = categories[index];
          slider.setAttribute("aria-valuetext", `${categories[index]}, step ${index + 1} of ${categories.length}`);
        };

        async function preview(category) {
          previewing = category;
          if (reader && category === reader.category) { sample.removeAttribute("style"); return; }
          const answer = await fetch(`/tokens?${new URLSearchParams({ category })}`).catch(() => null);
          if (!answer?.ok || previewing !== category) return;
          const tokens = await answer.json();
          const group = Object.values(tokens).find((value) => value && typeof value === "object" && value.body);
          const value = group?.body?.$value;
          if (!value || previewing !== category) return;
          const dimension = (given) => typeof given === "number" ? `${given}px` : `${given.value}${given.unit}`;
          sample.style.fontFamily = value.fontFamily.map((family) => generic.has(family) ? family : JSON.stringify(family)).join(", ");
          sample.style.fontSize = dimension(value.fontSize);
          sample.style.lineHeight = String(value.lineHeight);
          sample.style.fontWeight = String(value.fontWeight);
          sample.style.letterSpacing = dimension(value.letterSpacing);
          const wordSpacing = group.body.$extensions?.["org.fontd"]?.wordSpacing;
          sample.style.wordSpacing = wordSpacing === undefined ? "" : dimension(wordSpacing);
        }

        function sync() {
          if (!reader) return;
          if (wanted === reader.category) wanted = null;
          const index = categories.indexOf(reader.category);
          if (wanted === null && index >= 0) {
            slider.value = String(index);
            show(index);
            previewing = null;
            sample.removeAttribute("style");
          }
          bold.checked = reader.legibilityWeight === "bold";
          spacing.checked = reader.textSpacing === "wcag";
          const font = reader.readingFont ?? "";
          for (const radio of document.querySelectorAll('input[name="reading-font"]')) radio.checked = radio.value === font;
        }

        slider.addEventListener("input", () => {
          wanted = categories[slider.valueAsNumber];
          show(slider.valueAsNumber);
          preview(wanted);
        });
        slider.addEventListener("change", () => {
          const category = categories[slider.valueAsNumber];
          wanted = category;
          clearTimeout(sending);
          sending = setTimeout(async () => {
            const done = await put("/category", { category });
            if (wanted !== category) return;
            if (done) {
              reader = { ...reader, category: done.category };
              say(`Text size ${done.category}.`);
            }
            wanted = null;
            sync();
          }, 250);
        });
        bold.addEventListener("change", async () => {
          const done = await put("/preferences", { legibilityWeight: bold.checked ? "bold" : "regular" });
          if (done) say(bold.checked ? "Bold Text on." : "Bold Text off.");
          else sync();
        });
        spacing.addEventListener("change", async () => {
          const done = await put("/preferences", { textSpacing: spacing.checked ? "wcag" : "default" });
          if (done) say(spacing.checked ? "Wide spacing on." : "Wide spacing off.");
          else sync();
        });
        $("reading-font").addEventListener("change", async (event) => {
          const family = event.target.value;
          const done = await put("/preferences", { readingFont: family || null });
          if (done) say(family ? `Reading font ${family}.` : "No reading font.");
          else sync();
        });

        // Text whose words with a hyphen or a slash are kept whole on their line, as the server writes its own.
        const words = (text) => String(text).split(" ").flatMap((word, index) => {
          let part = word;
          if (/[-/]/.test(word)) {
            part = document.createElement("span");
            part.className = "word";
            part.textContent = word;
          }
          return index === 0 ? [part] : [" ", part];
        });
        const say = (text) => status.replaceChildren(...words(text));
        // The reader's bounds: fontd.js carries no bound, so the page reads them, and hears their changes, itself.
        const bounds = { minimumCategory: $("minimum-category"), maximumCategory: $("maximum-category") };
        // What the page shows is the newest it has heard, by the changes' ids: a read that set out before a
        // change and answers after its event does not put the older bounds back.
        let boundsSequence = -1;
        const showBounds = (answer, sequence) => {
          if (sequence < boundsSequence) return;
          boundsSequence = sequence;
          for (const [name, select] of Object.entries(bounds)) if (name in answer) select.value = answer[name] ?? "";
        };
        const readBounds = async () => {
          const answer = await fetch("/preferences", { cache: "no-store" }).then((reply) => reply.ok ? reply.json() : null, () => null);
          if (answer) {
            showBounds({ minimumCategory: answer.minimumCategory ?? null, maximumCategory: answer.maximumCategory ?? null }, answer.sequence);
          }
        };
        for (const [name, select] of Object.entries(bounds)) {
          select.addEventListener("change", async () => {
            const done = await put("/preferences", { [name]: select.value || null });
            if (done) say(`${select.labels[0].textContent}: ${select.value || "none"}.`);
            readBounds();
          });
        }
        const boundEvents = new EventSource("/events");
        for (const name of Object.keys(bounds)) {
          boundEvents.addEventListener(`${name}DidChange`, (event) => {
            const data = JSON.parse(event.data);
            if (!data.scope) showBounds({ [name]: data[name] ?? null }, data.sequence);
          });
        }

        const line = (label, value) => {
          const paragraph = document.createElement("p");
          paragraph.className = "fit";
          paragraph.append(...words(`${label}: ${value}`));
          return paragraph;
        };

        async function limits(scope, name) {
          const path = (scope ? `${scope}/` : "") + `desktop/${name}`;
          try {
            const answer = await fetch(`/preferences?${new URLSearchParams({ scope: path })}`);
            if (!answer.ok) return "unknown";
            const { minimumCategory: low, maximumCategory: high } = await answer.json();
            return low || high ? `${low ?? categories[0]} to ${high ?? categories[categories.length - 1]}` : "none";
          } catch {
            return "unknown";
          }
        }

        // Each target keeps one entry while it is on the board, filled again as the board changes: a
        // redraw never takes away the switch a reader is about to press, their focus or a screen
        // reader's place.
        const entries = new Map();

        function entry(name) {
          const item = document.createElement("li");
          const heading = document.createElement("h3");
          heading.textContent = name;
          const facts = document.createElement("div");
          const choice = document.createElement("p");
          choice.className = "choice";
          const box = document.createElement("input");
          box.type = "checkbox";
          box.id = `exclude-${name}`;
          box.addEventListener("change", () => exclude(name, box.checked));
          const label = document.createElement("label");
          label.htmlFor = box.id;
          label.textContent = `Exclude ${name}`;
          choice.append(box, " ", label);
          item.append(heading, facts, choice);
          return { item, facts, box };
        }

        function fill(shown, target, range) {
          const facts = [line("State", target.state)];
          if (target.base) facts.push(line("Base", target.base));
          if (target.value) facts.push(line("Now", target.value));
          facts.push(line("Limits", range));
          if (target.detail && !["applied", "excluded"].includes(target.state)) facts.push(line("Why", target.detail));
          shown.facts.replaceChildren(...facts);
          shown.box.checked = target.state === "excluded";
        }

        const readBoard = async () => {
          try {
            const answer = await fetch("/desktop", { cache: "no-store" });
            return answer.ok ? answer.json() : null;
          } catch {
            return null;
          }
        };

        let boardAsked = 0;
        async function board() {
          const asked = ++boardAsked;
          const answer = await readBoard();
          const names = Object.keys(answer?.targets ?? {}).sort();
          const ranges = await Promise.all(names.map((name) => limits(answer.scope, name)));
          if (asked !== boardAsked) return;
          for (const name of entries.keys()) if (!names.includes(name)) entries.delete(name);
          names.forEach((name, index) => {
            if (!entries.has(name)) entries.set(name, entry(name));
            fill(entries.get(name), answer.targets[name], ranges[index]);
          });
          const items = names.map((name) => entries.get(name).item);
          // Only a target that came or went changes the list itself.
          if (items.length !== targets.children.length || items.some((item, index) => targets.children[index] !== item)) {
            targets.replaceChildren(...items);
          }
          note.replaceChildren(...words(!answer ? "This fontd keeps no desktop board."
            : !answer.bridges ? "No desktop program follows this fontd. To let them, start it with: fontd serve --desktop auto --bridge auto"
            : names.length === 0 ? "No program fontd writes is on this desktop."
            : "The programs fontd writes, and how each stands."));
          fit();
        }

        async function exclude(name, excluded) {
          const done = await put("/desktop", { target: name, excluded });
          if (done) {
            say(excluded ? `${name} excluded: fontd puts back its own size.` : `${name} included again.`);
            // The running targets act on the choice at once; the board says so soon after.
            for (let tries = 0; tries < 20; tries++) {
              await new Promise((resolve) => setTimeout(resolve, 250));
              const state = (await readBoard())?.targets?.[name]?.state;
              if (state === undefined || (state === "excluded") === excluded) break;
            }
          }
          board();
        }

        function fit() {
          const range = document.createRange();
          for (const element of document.querySelectorAll(".fit")) {
            element.style.fontSize = "";
            const room = element.clientWidth;
            let widest = 0;
            const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (const word of node.data.matchAll(/\S+/g)) {
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                widest = Math.max(widest, range.getBoundingClientRect().width);
              }
            }
            if (room > 0 && widest > room) {
              element.style.fontSize = `${(parseFloat(getComputedStyle(element).fontSize) * room * 0.97) / widest}px`;
            }
          }
        }

        new ResizeObserver(() => fit()).observe(document.body);
        document.fonts.addEventListener("loadingdone", () => fit());
        document.addEventListener("fontd:change", (event) => {
          reader = { ...event.detail };
          sync();
          readBounds();
          board();
          setTimeout(board, 1000);
        });
        follow();
        board();
        fit();
        """#
}
