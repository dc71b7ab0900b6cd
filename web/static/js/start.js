// The first script of a page that needs the Go runtime at once (loaded as
// an async module ahead of the page's own): it starts downloading and
// compiling flakylab.wasm as soon as this small graph (compile.js,
// errors.js) is in, while the page's own modules are still arriving and
// running. The Runtime the page then creates takes that compilation over
// (compile.js), so the bytes move once and the compilation streams from the
// first of them.

import { startCompile } from "./compile.js";

startCompile(new URL("../flakylab.wasm", import.meta.url).href);
