// Unpacks the start-up snapshot off the page's thread: gunzipping 31 MB and XORing back the
// wasm's data segments took the page's thread 0.5-1 s, before and during its first paint and
// PyScript's own start. Given {url, indexURL}, answers with the bytes (transferred, not
// copied), or null when there is no snapshot to use (web/interpreter.mjs then boots normally).
import { snapshotBytes } from "./snapshot.mjs";

addEventListener("message", async ({ data }) => {
  const bytes = await snapshotBytes(data?.url, data?.indexURL);
  postMessage(bytes, bytes ? [bytes.buffer] : []);
});
