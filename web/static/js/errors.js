// Errors of the host API.

// BridgeError is how the host rejects a promise: a bad request, a busy
// runtime, a format error (with line and column) or a runtime that could not
// start. code is one of the codes in BRIDGE.md.
export class BridgeError extends Error {
  constructor({ code = "internal", message = code, line, column } = {}) {
    super(message);
    this.name = "BridgeError";
    this.code = code;
    if (typeof line === "number") this.line = line;
    if (typeof column === "number") this.column = column;
  }
}

// WorkerGone is what a Slot rejects pending requests with when its worker is
// terminated or its Go program dies. kind is "timeout", "stopped" or
// "crash"; message says what happened.
export class WorkerGone extends Error {
  constructor(kind, message) {
    super(message);
    this.name = "WorkerGone";
    this.kind = kind;
  }
}
