// The retry-storm chart: two views of core/storm, simulated live in the Go
// runtime's widget worker (rt.core, which never runs learner code) each
// time the learner changes a setting.
//
//   1. Clients racing for one row (the contention model, the AWS study's
//      setting): bars of the writes and of the time to finish.
//   2. A provider that goes down (the overload model): calls per second
//      over time, the outage shaded, the capacity dashed. A series that
//      leaves the top of the chart is drawn as a labelled band along the
//      top edge, not as a line glued to it.
//
// Go decides every number; this module asks, draws and formats. Until the
// runtime is ready the tables show the opening settings, computed by the
// site builder.

import uPlot from "uplot";
import { barChart, grouped, seconds } from "./storm-draw.js";

const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
const $ = (sel, root) => root.querySelector(sel);

// mountStormChart brings one figure to life. getRuntime returns the page's
// Runtime (or null when the page has none).
export async function mountStormChart(root, getRuntime) {
  const chart = new StormChart(root);
  root.storm = chart; // for the browser tests and the benchmark
  const rt = getRuntime();
  if (!rt) {
    chart.unavailable("this page has no Go runtime");
    return chart;
  }
  try {
    await rt.ready;
  } catch (err) {
    chart.unavailable(`the Go runtime could not start: ${err?.message ?? err}`);
    return chart;
  }
  chart.rt = rt;
  await chart.start();
  return chart;
}

class StormChart {
  constructor(root) {
    this.root = root;
    this.rt = null;
    this.view = "contention";
    this.generation = { contention: 0, overload: 0 };
    this.results = { contention: null, overload: null };
    this.timings = {}; // "view/strategy" → {simMs, wallMs}, of the last re-simulation
    this.runs = 0;
    this.plot = null;
    this.views = Object.fromEntries([...root.querySelectorAll(".sim-view")].map((v) => [v.dataset.view, v]));
    this.#tabs();
    for (const form of root.querySelectorAll('[data-role="controls"]')) {
      for (const input of form.elements) input.disabled = true;
    }
  }

  // unavailable keeps the opening tables and says why nothing moves.
  unavailable(why) {
    for (const v of Object.values(this.views)) {
      const note = document.createElement("p");
      note.className = "sim-note";
      note.dataset.role = "unavailable";
      note.textContent = `The live simulation needs the page's Go runtime (${why}); the table shows the opening settings.`;
      $('[data-role="chart"]', v).replaceChildren(note);
    }
    this.root.dataset.drawn = "1";
  }

  async start() {
    for (const [name, v] of Object.entries(this.views)) {
      const form = $('[data-role="controls"]', v);
      if (!form) continue;
      for (const input of form.elements) input.disabled = false;
      let timer = null;
      form.addEventListener("input", (e) => {
        const out = form.elements.namedItem(`${e.target.name}-out`);
        if (out) out.value = e.target.value;
        clearTimeout(timer);
        timer = setTimeout(() => this.simulate(name), 60);
      });
    }
    await Promise.all([this.simulate("contention"), this.simulate("overload")]);
    this.root.dataset.drawn = "1";
    new ResizeObserver(() => {
      if (this.plot && Math.abs(this.plot.width - this.#chartWidth()) > 8) this.#drawOverload();
    }).observe($('[data-role="chart"]', this.views.overload));
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => this.draw());
  }

  // settings reads a view's settings: the form's, or the figure's opening
  // ones for the picture, which has no form.
  settings(name) {
    const v = this.views[name];
    const form = $('[data-role="controls"]', v);
    const shown = this.root.dataset.show.split(" ");
    if (!form) {
      return name === "contention"
        ? { clients: 100, strategies: shown }
        : { clients: 100, capacity: 150, outage: 15, strategies: shown };
    }
    const f = new FormData(form);
    const num = (k) => Number(f.get(k));
    const strategies = f.getAll("strategy");
    return name === "contention"
      ? { clients: num("clients"), strategies }
      : { clients: num("clients"), capacity: num("capacity"), outage: num("outage"), strategies };
  }

  // config is the Go settings object of one run.
  config(name, s, strategy) {
    const d = this.root.dataset;
    if (name === "contention") return { clients: s.clients, strategy, seed: Number(d.contentionSeed) };
    const start = Number(d.outageStart) * 1000;
    return {
      clients: s.clients, capacity: s.capacity, strategy, seed: Number(d.overloadSeed),
      outageStart: start, outageEnd: start + s.outage * 1000,
    };
  }

  // run asks Go for one strategy's run and times it: simMs is the
  // simulation inside the worker, wallMs the whole round trip.
  async run(name, s, strategy) {
    const t0 = performance.now();
    const r = name === "contention"
      ? await this.rt.core("stormContention", this.config(name, s, strategy))
      : await this.rt.core("stormSeries", this.config(name, s, strategy), Number(this.root.dataset.stepMs));
    return { r, simMs: r.simMs, wallMs: performance.now() - t0 };
  }

  // simulate re-runs a view for its current settings, one strategy after
  // the other, and draws the result unless newer settings came meanwhile.
  async simulate(name) {
    const gen = ++this.generation[name];
    const s = this.settings(name);
    const results = {};
    try {
      for (const strategy of s.strategies) {
        const { r, simMs, wallMs } = await this.run(name, s, strategy);
        if (gen !== this.generation[name]) return;
        results[strategy] = r;
        this.timings[`${name}/${strategy}`] = { simMs, wallMs };
      }
    } catch (err) {
      if (gen !== this.generation[name]) return;
      $('[data-role="chart"]', this.views[name]).textContent = `The simulation failed: ${err?.message ?? err}`;
      return;
    }
    this.results[name] = { settings: s, runs: results };
    this.runs++;
    this.root.dataset.runs = String(this.runs);
    this.draw(name);
  }

  draw(name) {
    if (!name || name === "contention") this.#drawContention();
    if (!name || name === "overload") this.#drawOverload();
  }

  #tabs() {
    const tabs = [...this.root.querySelectorAll('[role="tab"]')];
    const select = (tab, focus) => {
      for (const t of tabs) {
        const on = t === tab;
        t.setAttribute("aria-selected", String(on));
        t.tabIndex = on ? 0 : -1;
        this.views[t.dataset.view].hidden = !on;
      }
      this.view = tab.dataset.view;
      if (focus) tab.focus();
      if (this.view === "overload") this.#drawOverload();
    };
    tabs.forEach((tab, i) => {
      tab.addEventListener("click", () => select(tab, false));
      tab.addEventListener("keydown", (e) => {
        const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
        if (!step) return;
        e.preventDefault();
        select(tabs[(i + step + tabs.length) % tabs.length], true);
      });
    });
  }

  #drawContention() {
    const res = this.results.contention;
    if (!res) return;
    const v = this.views.contention;
    const { settings: s, runs } = res;
    for (const el of v.querySelectorAll('[data-role="clients-text"]')) el.textContent = String(s.clients);
    const names = s.strategies.filter((x) => runs[x]);
    const writes = names.map((x) => ({ strategy: x, value: runs[x].calls, text: grouped(runs[x].calls) }));
    const done = names.map((x) => ({ strategy: x, value: runs[x].completion, text: seconds(runs[x].completion) }));
    $('[data-role="chart"]', v).replaceChildren(
      barChart("Writes the row received (the work)", writes),
      barChart("Time until the last client was done", done));
    fillTable(v, names.map((x) => [x, grouped(runs[x].calls), seconds(runs[x].completion)]));
    const exp = runs.exponential;
    const fj = runs["full-jitter"];
    const takeaway = $('[data-role="takeaway"]', v);
    takeaway.dataset.live = "1";
    takeaway.textContent = exp && fj
      ? `Without jitter, clients that collided wait exactly as long as each other and collide again, round after round. At ${s.clients} clients full jitter needs ${grouped(fj.calls)} writes, ${Math.round((100 * fj.calls) / exp.calls)}% of plain exponential backoff's ${grouped(exp.calls)}, and the group is done after ${seconds(fj.completion)} instead of ${seconds(exp.completion)}.`
      : "Pick exponential and full-jitter to compare the two strategies the lessons talk about.";
  }

  #chartWidth() {
    return Math.max(260, $('[data-role="chart"]', this.views.overload).clientWidth);
  }

  #drawOverload() {
    const res = this.results.overload;
    const v = this.views.overload;
    if (!res || v.hidden) {
      if (res) this.#overloadText(res);
      return;
    }
    const { settings: s, runs } = res;
    const chartEl = $('[data-role="chart"]', v);
    const names = s.strategies.filter((x) => runs[x]);
    const step = Number(this.root.dataset.stepMs) / 1000;
    const len = Math.max(1, ...names.map((x) => runs[x].offered.length));
    const xs = Array.from({ length: len }, (_, i) => i * step);
    const raw = names.map((x) => xs.map((_, i) => (i < runs[x].offered.length ? runs[x].offered[i] / step : null)));
    const peak = Math.max(0, ...raw.flat().filter((y) => y !== null));
    // Immediate retries reach many times the capacity; past 3x the axis
    // stops so the strategies that matter stay readable, and what goes
    // beyond is drawn as a band along the top.
    const top = Math.max(s.capacity * 1.2, Math.min(peak * 1.05, s.capacity * 3));
    const clipped = [];
    const columns = [xs, ...raw.map((ys, k) => {
      let seriesPeak = 0;
      const ranges = [];
      const out = ys.map((y, i) => {
        if (y === null || y <= top) return y;
        seriesPeak = Math.max(seriesPeak, y);
        const last = ranges.at(-1);
        if (last && last.to === i - 1) last.to = i;
        else ranges.push({ from: i, to: i });
        return null;
      });
      if (ranges.length) clipped.push({ strategy: names[k], ranges, peak: seriesPeak });
      return out;
    })];
    this.clipped = clipped;
    this.top = top;
    const axis = {
      stroke: css("--muted"),
      grid: { stroke: css("--rule"), width: 1 },
      ticks: { stroke: css("--rule"), width: 1 },
      font: `12px ${css("--font-ui")}`,
    };
    const width = this.#chartWidth();
    const start = Number(this.root.dataset.outageStart);
    const opts = {
      width,
      height: width < 500 ? 220 : 280,
      series: [{ label: "time (s)" }, ...names.map((x) => ({ label: x, stroke: css(`--s-${x}`), width: 1.5, points: { show: false } }))],
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false }, y: { range: () => [0, top] } },
      axes: [
        { ...axis, label: "seconds", labelFont: `12px ${css("--font-ui")}`, values: (u, vals) => vals.map((x) => `${x}`) },
        { ...axis, label: "calls per second", labelFont: `12px ${css("--font-ui")}`, size: 52 },
      ],
      plugins: [overloadPlugin({ start, end: start + s.outage, capacity: s.capacity, clipped, step })],
    };
    this.plot?.destroy();
    chartEl.textContent = "";
    this.plot = new uPlot(opts, columns, chartEl);
    chartEl.setAttribute("role", "img");
    chartEl.setAttribute("aria-label", `Line chart of calls per second reaching the provider for ${names.join(", ") || "no strategy"}; the table below has the totals.`);
    this.#overloadText(res);
  }

  #overloadText({ settings: s, runs }) {
    const v = this.views.overload;
    $('[data-role="clients-text"]', v).textContent = String(s.clients);
    $('[data-role="capacity-text"]', v).textContent = String(s.capacity);
    $('[data-role="outage-text"]', v).textContent = String(s.outage);
    const names = s.strategies.filter((x) => runs[x]);
    fillTable(v, names.map((x) => {
      const r = runs[x];
      const pct = r.calls ? Math.round((100 * r.failed) / r.calls) : 0;
      return [x, grouped(r.calls), `${pct}%`, grouped(r.gaveUp + r.unfinished), r.unfinished > 0 ? "not done" : seconds(r.completionMs)];
    }));
    const note = $('[data-role="note"]', v);
    note.textContent = (this.clipped ?? []).map((c) =>
      `${c.strategy} goes off the top of the chart (above ${grouped(Math.round(this.top))} calls/s), up to ${grouped(Math.round(c.peak))} calls/s.`).join(" ");
    const exp = runs.exponential;
    const fj = runs["full-jitter"];
    const takeaway = $('[data-role="takeaway"]', v);
    takeaway.dataset.live = "1";
    if (exp && fj) {
      takeaway.textContent = `Here lockstep costs time more than calls. Without jitter the backlog comes back in synchronized spikes that the provider mostly turns away: ${grouped(exp.calls)} calls, done at ${seconds(exp.completionMs)}. Full jitter spreads the same clients out: ${grouped(fj.calls)} calls, done at ${seconds(fj.completionMs)}.`;
    }
  }
}

// fillTable replaces a view's table rows.
function fillTable(view, rows) {
  const body = $('[data-role="table"]', view).tBodies[0];
  body.replaceChildren();
  for (const [strategy, ...cells] of rows) {
    const tr = body.insertRow();
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = strategy;
    tr.append(th);
    for (const c of cells) tr.insertCell().textContent = c;
  }
}

// overloadPlugin shades the outage, dashes the capacity line and draws each
// clipped stretch of a series as a band along the top edge, labelled with
// the strategy and its peak.
function overloadPlugin({ start, end, capacity, clipped, step }) {
  return {
    hooks: {
      drawClear: (u) => {
        const x0 = u.valToPos(start, "x", true);
        const x1 = u.valToPos(end, "x", true);
        const { top, height } = u.bbox;
        u.ctx.save();
        u.ctx.fillStyle = css("--sim-outage");
        u.ctx.fillRect(x0, top, x1 - x0, height);
        u.ctx.restore();
      },
      draw: (u) => {
        const { left, top, width } = u.bbox;
        const ctx = u.ctx;
        ctx.save();
        const y = u.valToPos(capacity, "y", true);
        ctx.strokeStyle = css("--muted");
        ctx.setLineDash([6, 4]);
        ctx.lineWidth = devicePixelRatio;
        ctx.beginPath();
        ctx.moveTo(left, y);
        ctx.lineTo(left + width, y);
        ctx.stroke();
        ctx.setLineDash([]);
        const band = 14 * devicePixelRatio;
        clipped.forEach((c, k) => {
          const colour = css(`--s-${c.strategy}`);
          const y0 = top + k * (band + 2 * devicePixelRatio);
          ctx.fillStyle = colour;
          ctx.globalAlpha = 0.22;
          for (const r of c.ranges) {
            const a = u.valToPos(r.from * step, "x", true);
            const b = Math.max(a + 2, u.valToPos((r.to + 1) * step, "x", true));
            ctx.fillRect(a, y0, b - a, band);
          }
          ctx.globalAlpha = 1;
          const first = u.valToPos(c.ranges[0].from * step, "x", true);
          ctx.font = `${11 * devicePixelRatio}px ${css("--font-ui")}`;
          ctx.textBaseline = "middle";
          ctx.textAlign = "left"; // uPlot leaves the axes' alignment set
          const label = `▲ ${c.strategy}: above the chart, up to ${grouped(Math.round(c.peak))}/s`;
          const w = ctx.measureText(label).width;
          const x = Math.min(Math.max(first + 3, left + 3), left + width - w - 3);
          ctx.fillStyle = colour;
          ctx.fillText(label, x, y0 + band / 2);
        });
        ctx.restore();
      },
    },
  };
}
