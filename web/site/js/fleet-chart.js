// The replicas picture: one client's requests spread over N replicas, each
// with its own token bucket (top) or all sharing one store (bottom), as
// bars of the requests allowed each second. The numbers come from Go: the
// preset is embedded by the site builder, and moving the slider asks the
// page's Go runtime (rt.core("fleetRun")). This module only draws.

const NS = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

const PAD = { left: 78, right: 14, top: 8, bottom: 30 };
const PANEL = 92;

function draw(box, run) {
  const width = Math.max(300, Math.floor(box.clientWidth || 600));
  const height = PAD.top + 2 * (PANEL + 22) + PAD.bottom;
  const n = run.config.replicas;
  const svg = svgEl("svg", {
    width, height, viewBox: `0 0 ${width} ${height}`, class: "pic-svg", role: "img",
    "aria-label": `Requests reaching the provider each second: ${run.own.allowed} with ${n} replicas keeping their own buckets, ${run.shared.allowed} with one shared store`,
  });
  const seconds = run.own.perSecond.length;
  const plotW = width - PAD.left - PAD.right;
  const x = (s) => PAD.left + (s / seconds) * plotW;
  const peak = Math.max(1, ...run.own.perSecond, ...run.shared.perSecond);
  const panels = [
    [run.own, `${n} own buckets`, "pic-fleet-own"],
    [run.shared, "1 shared store", "pic-fleet-shared"],
  ];
  panels.forEach(([out, title, cls], p) => {
    const top = PAD.top + p * (PANEL + 22) + 18;
    const base = top + PANEL;
    const y = (v) => base - (v / peak) * PANEL;
    svg.append(svgEl("text", { x: 4, y: top - 4, class: "pic-label" }, title));
    svg.append(svgEl("text", { x: width - PAD.right, y: top - 4, class: "pic-tick", "text-anchor": "end", "data-role": p ? "shared-total" : "own-total" },
      `${out.allowed} requests reached the provider`));
    svg.append(svgEl("line", { x1: PAD.left, x2: width - PAD.right, y1: base, y2: base, class: "pic-axis" }));
    for (const v of [0, peak]) {
      svg.append(svgEl("text", { x: PAD.left - 6, y: y(v) + 4, class: "pic-tick", "text-anchor": "end" }, `${v}/s`));
    }
    const w = Math.max(1, plotW / seconds - 2);
    out.perSecond.forEach((v, s) => {
      svg.append(svgEl("rect", { x: x(s) + 1, y: y(v), width: w, height: base - y(v), class: cls }));
    });
  });
  const axisY = height - PAD.bottom;
  const step = seconds > 24 ? 5 : 2;
  for (let s = 0; s <= seconds; s += step) {
    svg.append(svgEl("text", { x: x(s), y: axisY + 16, class: "pic-tick", "text-anchor": "middle" }, `${s}`));
  }
  svg.append(svgEl("text", { x: width - PAD.right, y: height - 2, class: "pic-tick", "text-anchor": "end" }, "seconds"));
  return svg;
}

function summary(run) {
  const n = run.config.replicas;
  const times = (run.own.allowed / run.allowance).toFixed(1);
  return `${n} replica${n === 1 ? "" : "s"}: the provider receives ${run.own.allowed} requests with a bucket per replica (${times} × the allowance of ${run.allowance}), ${run.shared.allowed} with one shared store.`;
}

// mountFleet draws the preset and redraws with Go's answer when the
// learner moves the slider. runtime() returns the page's Runtime or null.
export function mountFleet(root, runtime) {
  let run = JSON.parse(root.querySelector('script[data-role="data"]').textContent);
  const box = root.querySelector('[data-role="draw"]');
  const controls = root.querySelector('[data-role="controls"]');
  const slider = root.querySelector('[data-role="replicas"]');
  const shown = root.querySelector('[data-role="replicas-value"]');
  const status = root.querySelector('[data-role="status"]');
  const render = () => {
    box.replaceChildren(draw(box, run));
    box.dataset.width = String(box.clientWidth);
    root.dataset.replicas = String(run.config.replicas);
  };
  render();
  status.textContent = summary(run);
  new ResizeObserver(() => {
    if (Math.abs(Number(box.dataset.width) - box.clientWidth) > 8) render();
  }).observe(box);
  root.dataset.drawn = "1";
  controls.hidden = false;

  let asked = 0;
  slider.addEventListener("input", async () => {
    const n = Number(slider.value);
    shown.textContent = String(n);
    const ticket = ++asked;
    try {
      const rt = runtime();
      if (!rt) throw new Error("this page has no Go runtime");
      await rt.ready;
      const next = await rt.core("fleetRun", { replicas: n });
      if (ticket !== asked) return; // a later move is on its way
      run = next;
      render();
      status.textContent = summary(run);
      root.dataset.decidedBy = "go";
    } catch (err) {
      status.textContent = `Changing the replicas needs the Go runtime, which is not available here (${err?.message ?? err}). The picture shows the preset Go computed.`;
    }
  });
}
