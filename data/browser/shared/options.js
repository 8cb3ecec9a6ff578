// The options page: fontd's address, kept in storage.local, which the background follows.
"use strict";
const extension = globalThis.browser ?? globalThis.chrome;
const field = document.getElementById("server");

function describe({ state, applied }) {
  const where = state ? `${state.state === "connected" ? "Following" : "Cannot reach"} ${state.server}.` : "";
  const what = applied ? ` Text at ${applied.category}: × ${applied.ratio.toFixed(2)}.` : "";
  document.getElementById("state").textContent = where + what;
}

extension.storage.local.get(["server", "state", "applied"]).then((stored) => {
  field.value = stored.server ?? "http://127.0.0.1:8686";
  describe(stored);
});
extension.storage.onChanged.addListener(() => extension.storage.local.get(["state", "applied"]).then(describe));
document.getElementById("save").addEventListener("click", async () => {
  let server;
  try {
    server = new URL(field.value.trim()).origin;
  } catch {
    document.getElementById("saved").textContent = "Not an address: write it as http://127.0.0.1:8686.";
    return;
  }
  field.value = server;
  await extension.storage.local.set({ server });
  document.getElementById("saved").textContent = "Saved.";
});
