// How the lesson and exercise pages name a run that failed: the kind of
// failure, where, and the runtime's message.

// KIND names each error kind of a RunResult (and the page's own: a run the
// watchdog or the learner stopped, a runtime that crashed).
export const KIND = {
  compile: "Compile error",
  unsupported: "Not supported by the playground",
  import: "Import not allowed",
  runtime: "Runtime error",
  panic: "Panic",
  exit: "Exited",
  internal: "Internal error",
  timeout: "Stopped by the watchdog",
  stopped: "Stopped",
  crash: "The Go runtime crashed",
};

// describeError writes e ({kind, message, line, column}) as one sentence:
// "Runtime error on line 8, column 3: index out of range [5] with length 3".
// A refusal whose message says so itself ("os.Remove is not supported by
// the playground: ...") is not given the kind's name again.
export function describeError(e) {
  const kind = KIND[e.kind] ?? "Error";
  const where = e.line > 0 ? `on line ${e.line}${e.column > 0 ? `, column ${e.column}` : ""}` : "";
  const message = String(e.message ?? "");
  if (e.kind === "unsupported" && message.toLowerCase().includes(kind.toLowerCase())) {
    return where ? `${where.charAt(0).toUpperCase()}${where.slice(1)}: ${message}` : message.charAt(0).toUpperCase() + message.slice(1);
  }
  return `${kind}${where ? ` ${where}` : ""}: ${message}`;
}
