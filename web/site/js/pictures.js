// The small pictures: a backoff timeline, a circuit breaker's states and a
// token bucket's level. The numbers come from Go (core/, run by the site
// builder and embedded in the page as JSON, or by the page's Go runtime
// for the learner's own clicks on the bucket); this module only draws them,
// as SVG whose colours come from the site's custom properties, so light and
// dark mode both work.

const NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

const PAD = { left: 78, right: 14, top: 10, bottom: 30 };

// frame makes an SVG of the container's width with an x axis in seconds.
function frame(box, height, maxMs, label) {
  const width = Math.max(300, Math.floor(box.clientWidth || 600));
  const svg = svgEl("svg", { width, height, viewBox: `0 0 ${width} ${height}`, class: "pic-svg", role: "img", "aria-label": label });
  const plotW = width - PAD.left - PAD.right;
  const x = (ms) => PAD.left + (ms / maxMs) * plotW;
  const axisY = height - PAD.bottom;
  svg.append(svgEl("line", { x1: PAD.left, x2: width - PAD.right, y1: axisY, y2: axisY, class: "pic-axis" }));
  const seconds = maxMs / 1000;
  const step = seconds > 24 ? 5 : seconds > 10 ? 2 : 1;
  for (let s = 0; s <= seconds + 1e-9; s += step) {
    svg.append(svgEl("line", { x1: x(s * 1000), x2: x(s * 1000), y1: PAD.top, y2: axisY, class: "pic-grid" }));
    svg.append(svgEl("text", { x: x(s * 1000), y: axisY + 16, class: "pic-tick", "text-anchor": "middle" }, `${s}`));
  }
  svg.append(svgEl("text", { x: width - PAD.right, y: height - 2, class: "pic-tick", "text-anchor": "end" }, "seconds"));
  return { svg, x, width, axisY };
}

function readData(root) {
  return JSON.parse(root.querySelector('script[data-role="data"]').textContent);
}

// redraw draws now and again whenever the box changes width.
function redraw(root, draw) {
  const box = root.querySelector('[data-role="draw"]');
  const run = () => {
    box.replaceChildren(draw(box));
    box.dataset.width = String(box.clientWidth);
  };
  run();
  new ResizeObserver(() => {
    if (Math.abs(Number(box.dataset.width) - box.clientWidth) > 8) run();
  }).observe(box);
  root.dataset.drawn = "1";
  return run;
}

export function mountBackoff(root) {
  const d = readData(root);
  const panels = [["none", "No jitter"], ["full", "Full jitter"]];
  const maxMs = Math.ceil(Math.max(...Object.values(d.rows).flat(2)) / 2000) * 2000;
  const rowH = 14;
  const panelH = d.clients * rowH + 22;
  redraw(root, (box) => {
    const height = PAD.top + panels.length * panelH + PAD.bottom;
    const f = frame(box, height, maxMs,
      `Attempt times of ${d.clients} clients over ${maxMs / 1000} seconds, without jitter (all together) and with full jitter (spread out)`);
    panels.forEach(([key, title], p) => {
      const top = PAD.top + p * panelH;
      f.svg.append(svgEl("text", { x: 4, y: top + 14, class: "pic-label" }, title));
      d.rows[key].forEach((row, c) => {
        const y = top + 22 + c * rowH + rowH / 2;
        f.svg.append(svgEl("line", { x1: PAD.left, x2: f.width - PAD.right, y1: y, y2: y, class: "pic-lane" }));
        row.forEach((at, i) => {
          const cls = i === 0 ? "pic-first" : `pic-attempt pic-${key}`;
          f.svg.append(svgEl("circle", { cx: f.x(at), cy: y, r: 4, class: cls }));
        });
      });
    });
    return f.svg;
  });
}

const STATE_CLASS = { closed: "pic-closed", open: "pic-open", "half-open": "pic-half" };

function stateName(s) {
  return s.toLowerCase().replace(/[\s_]+/g, "-").replace("halfopen", "half-open");
}

export function mountBreaker(root) {
  const d = readData(root);
  redraw(root, (box) => {
    const narrow = (box.clientWidth || 600) < 660;
    const height = PAD.top + 108 + (narrow ? 34 : 0) + PAD.bottom;
    const f = frame(box, height, d.endMs,
      `Circuit breaker states and call outcomes over ${d.endMs / 1000} seconds, with an outage from ${d.outageStartMs / 1000} to ${d.outageEndMs / 1000} seconds`);
    const bandY = PAD.top + 8;
    const callY = bandY + 58;
    // The outage band covers the two rows, not the legend under them.
    f.svg.insertBefore(svgEl("rect", {
      x: f.x(d.outageStartMs), y: PAD.top, width: f.x(d.outageEndMs) - f.x(d.outageStartMs), height: callY + 14 - PAD.top, class: "pic-outage",
    }), f.svg.firstChild);
    f.svg.append(svgEl("text", { x: 4, y: bandY + 15, class: "pic-label" }, "Breaker"));
    d.states.forEach((s, i) => {
      const to = i + 1 < d.states.length ? d.states[i + 1].from : d.endMs;
      const name = stateName(s.state);
      const w = f.x(to) - f.x(s.from);
      f.svg.append(svgEl("rect", { x: f.x(s.from), y: bandY, width: Math.max(1, w), height: 22, class: STATE_CLASS[name] ?? "pic-closed" }));
      if (w > 44) f.svg.append(svgEl("text", { x: f.x(s.from) + 4, y: bandY + 15, class: "pic-on-band" }, name));
    });
    f.svg.append(svgEl("text", { x: 4, y: callY + 4, class: "pic-label" }, "Calls"));
    for (const c of d.calls) {
      const cx = f.x(c.at);
      if (c.outcome === "ok") f.svg.append(svgEl("circle", { cx, cy: callY, r: 4.5, class: "pic-ok" }));
      else if (c.outcome === "failed") f.svg.append(svgEl("rect", { x: cx - 4, y: callY - 4, width: 8, height: 8, class: "pic-fail" }));
      else f.svg.append(svgEl("circle", { cx, cy: callY, r: 3.5, class: "pic-rejected" }));
      if (c.probe) f.svg.append(svgEl("circle", { cx, cy: callY, r: 8, class: "pic-probe" }));
    }
    let legendY = callY + 26;
    const items = [["pic-ok", "succeeded"], ["pic-fail", "failed"], ["pic-rejected", "failed fast, not called"], ["pic-half", "half-open: one probe allowed"]];
    let lx = PAD.left;
    for (const [cls, text] of items) {
      const need = 30 + text.length * 6.6;
      if (lx > PAD.left && lx + need > f.width - PAD.right) {
        lx = PAD.left;
        legendY += 17;
      }
      f.svg.append(cls === "pic-fail" || cls === "pic-half"
        ? svgEl("rect", { x: lx - 4, y: legendY - 4, width: 8, height: 8, class: cls })
        : svgEl("circle", { cx: lx, cy: legendY, r: 4, class: cls }));
      const t = svgEl("text", { x: lx + 8, y: legendY + 4, class: "pic-tick" }, text);
      f.svg.append(t);
      lx += need;
    }
    return f.svg;
  });
}

// drawBucket draws a level series (every stepMs) and request decisions.
function drawBucket(box, d, { live = false } = {}) {
  const height = PAD.top + 150 + PAD.bottom;
  const f = frame(box, height, d.endMs,
    `Tokens in the bucket over ${d.endMs / 1000} seconds, ${d.requests.filter((r) => r.allowed).length} requests allowed and ${d.requests.filter((r) => !r.allowed).length} refused`);
  const top = PAD.top + 24;
  const y = (tokens) => f.axisY - (tokens / d.capacity) * (f.axisY - top);
  for (let k = 0; k <= d.capacity; k++) {
    f.svg.append(svgEl("text", { x: PAD.left - 6, y: y(k) + 4, class: "pic-tick", "text-anchor": "end" }, `${k}`));
  }
  f.svg.append(svgEl("text", { x: 4, y: y(d.capacity / 2) + 4, class: "pic-label" }, "Tokens"));
  f.svg.append(svgEl("line", { x1: PAD.left, x2: f.width - PAD.right, y1: y(d.capacity), y2: y(d.capacity), class: "pic-capacity" }));
  if (d.level.length) {
    const pts = d.level.map((v, i) => `${f.x(i * d.stepMs).toFixed(1)},${y(v).toFixed(1)}`);
    f.svg.append(svgEl("polygon", { points: `${f.x(0)},${f.axisY} ${pts.join(" ")} ${f.x((d.level.length - 1) * d.stepMs)},${f.axisY}`, class: "pic-level-fill" }));
    f.svg.append(svgEl("polyline", { points: pts.join(" "), class: "pic-level" }));
  }
  const markY = PAD.top + 8;
  f.svg.append(svgEl("text", { x: 4, y: markY + 4, class: "pic-label" }, "Requests"));
  for (const r of d.requests) {
    const cx = f.x(r.at);
    f.svg.append(r.allowed
      ? svgEl("circle", { cx, cy: markY, r: 4, class: "pic-ok" })
      : svgEl("rect", { x: cx - 4, y: markY - 4, width: 8, height: 8, class: "pic-fail" }));
  }
  if (live) f.svg.classList.add("pic-live");
  return f.svg;
}

// mountBucket draws the preset, and lets the learner send requests that the
// Go runtime (runtime(), the page's Runtime, through its widget API)
// decides. Without a runtime the buttons say why they do nothing.
export function mountBucket(root, runtime) {
  const preset = readData(root);
  const controls = root.querySelector('[data-role="controls"]');
  const status = root.querySelector('[data-role="status"]');
  let shown = preset;
  let live = null; // {handle, t0, timer, data}
  const draw = redraw(root, (box) => drawBucket(box, shown, { live: Boolean(live) }));
  controls.hidden = false;

  const stop = () => {
    if (!live) return;
    clearInterval(live.timer);
    runtime()?.core("free", live.handle).catch(() => {});
    live = null;
  };
  const start = async () => {
    const rt = runtime();
    if (!rt) throw new Error("this page has no Go runtime");
    await rt.ready;
    const handle = await rt.core("bucketNew", preset.capacity, preset.rate);
    const data = { ...preset, endMs: 20000, level: [], requests: [] };
    live = { handle, t0: performance.now(), data, timer: 0, busy: false };
    shown = data;
    live.timer = setInterval(tick, data.stepMs * 2);
    await tick();
  };
  const now = () => Math.round(performance.now() - live.t0);
  async function tick() {
    if (!live || live.busy) return;
    const l = live;
    const t = now();
    if (t > l.data.endMs) {
      stop();
      status.textContent = "20 seconds are up: send another request to start again.";
      return;
    }
    l.busy = true;
    try {
      const tokens = await runtime().core("bucketTokens", l.handle, t);
      while (l.data.level.length * l.data.stepMs <= t) l.data.level.push(tokens);
    } finally {
      l.busy = false;
    }
    if (live === l) draw();
  }
  const send = async (n) => {
    try {
      if (!live) await start();
      const l = live;
      let allowed = 0;
      for (let i = 0; i < n; i++) {
        const t = now();
        const dcs = await runtime().core("bucketTake", l.handle, t);
        l.data.requests.push({ at: t, allowed: dcs.allowed, remaining: dcs.remaining });
        if (dcs.allowed) allowed++;
      }
      const last = l.data.requests[l.data.requests.length - 1];
      status.textContent = n === 1
        ? (last.allowed ? `Allowed: ${last.remaining.toFixed(1)} tokens left.` : "Refused: the bucket has less than one token.")
        : `${allowed} of ${n} allowed.`;
      draw();
    } catch (err) {
      stop();
      status.textContent = `Sending requests needs the Go runtime, which is not available here (${err?.message ?? err}). The preset still shows what Go decided.`;
    }
  };
  controls.addEventListener("click", (e) => {
    const action = e.target.closest("button")?.dataset.action;
    if (action === "request") send(1);
    else if (action === "burst") send(5);
    else if (action === "preset") {
      stop();
      shown = preset;
      status.textContent = "";
      draw();
    }
  });
}
