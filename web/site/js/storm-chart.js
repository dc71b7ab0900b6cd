// The retry-storm chart: calls reaching the provider per second, one line
// per strategy, with the outage shaded and the provider's capacity dashed.
// The numbers come from core/storm (data/storm.json, written by the site
// builder); this module only draws them.

import uPlot from "uplot";

const DATA_URL = new URL("../data/storm.json", import.meta.url);
let dataPromise = null;

function loadData() {
  dataPromise ??= fetch(DATA_URL).then((r) => {
    if (!r.ok) throw new Error(`storm data: HTTP ${r.status}`);
    return r.json();
  });
  return dataPromise;
}

const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

function duration(ms) {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}m${s % 60}s` : `${s}s`;
}

// outagePlugin shades the outage and dashes the capacity line.
function outagePlugin(getScenario) {
  return {
    hooks: {
      drawClear: (u) => {
        const { start, end } = getScenario();
        const x0 = u.valToPos(start, "x", true);
        const x1 = u.valToPos(end, "x", true);
        const { top, height } = u.bbox;
        u.ctx.save();
        u.ctx.fillStyle = css("--sim-outage");
        u.ctx.fillRect(x0, top, x1 - x0, height);
        u.ctx.restore();
      },
      draw: (u) => {
        const { capacity } = getScenario();
        const y = u.valToPos(capacity, "y", true);
        const { left, width } = u.bbox;
        u.ctx.save();
        u.ctx.strokeStyle = css("--muted");
        u.ctx.setLineDash([6, 4]);
        u.ctx.lineWidth = devicePixelRatio;
        u.ctx.beginPath();
        u.ctx.moveTo(left, y);
        u.ctx.lineTo(left + width, y);
        u.ctx.stroke();
        u.ctx.restore();
      },
    },
  };
}

export async function mountStormChart(root) {
  const chartEl = root.querySelector('[data-role="chart"]');
  const table = root.querySelector('[data-role="table"]');
  const caption = root.querySelector('[data-role="caption"]');
  const form = root.querySelector('[data-role="controls"]');
  let data;
  try {
    data = await loadData();
  } catch (err) {
    chartEl.textContent = `The chart could not be loaded (${err.message}); the table shows the numbers.`;
    return;
  }

  const settings = () => {
    if (!form) {
      const [clients, capacity, outage] = data.default.split("/").map(Number);
      return { clients, capacity, outage, strategies: root.dataset.show.split(" ") };
    }
    const f = new FormData(form);
    return {
      clients: Number(f.get("clients")),
      capacity: Number(f.get("capacity")),
      outage: Number(f.get("outage")),
      strategies: f.getAll("strategy"),
    };
  };
  let current = settings();
  const scenario = () => ({
    start: data.outageStartMs / 1000,
    end: data.outageStartMs / 1000 + current.outage,
    capacity: current.capacity,
  });

  let plot = null;
  const draw = () => {
    current = settings();
    const runs = data.runs[`${current.clients}/${current.capacity}/${current.outage}`];
    const shown = current.strategies.filter((s) => runs[s]);
    const len = Math.max(1, ...shown.map((s) => runs[s].offered.length));
    const step = data.stepMs / 1000;
    const xs = Array.from({ length: len }, (_, i) => i * step);
    const series = [{ label: "time (s)" }];
    const columns = [xs];
    let peak = 0;
    for (const s of shown) {
      const o = runs[s].offered;
      // Calls per step, shown as a rate per second.
      const ys = xs.map((_, i) => (i < o.length ? o[i] / step : null));
      peak = Math.max(peak, ...ys.filter((y) => y !== null));
      columns.push(ys);
      series.push({ label: s, stroke: css(`--s-${s}`), width: 1.5, points: { show: false } });
    }
    // Immediate retries reach many times the capacity; past 3x the axis
    // stops, so the strategies that matter stay readable.
    const top = Math.max(current.capacity * 1.2, Math.min(peak * 1.05, current.capacity * 3));
    const clipped = peak > top;
    // A clipped line runs along the top edge instead of vanishing above it.
    for (let c = 1; c < columns.length; c++) {
      columns[c] = columns[c].map((y) => (y === null ? null : Math.min(y, top * 0.995)));
    }
    const axis = {
      stroke: css("--muted"),
      grid: { stroke: css("--rule"), width: 1 },
      ticks: { stroke: css("--rule"), width: 1 },
      font: `12px ${css("--font-ui")}`,
    };
    const opts = {
      width: Math.max(280, chartEl.clientWidth),
      height: chartEl.clientWidth < 500 ? 220 : 280,
      series,
      legend: { show: true, live: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false }, y: { range: () => [0, top] } },
      axes: [
        { ...axis, label: "seconds", labelFont: `12px ${css("--font-ui")}`, values: (u, v) => v.map((x) => `${x}`) },
        { ...axis, label: "calls per second", labelFont: `12px ${css("--font-ui")}`, size: 56 },
      ],
      plugins: [outagePlugin(scenario)],
    };
    plot?.destroy();
    chartEl.textContent = "";
    plot = new uPlot(opts, columns, chartEl);
    chartEl.setAttribute("role", "img");
    chartEl.setAttribute("aria-label",
      `Line chart of calls per second for ${shown.join(", ") || "no strategy"}; the table below has the totals.`);

    caption.textContent = `${current.clients} clients, a provider serving ${current.capacity} requests/s, down for ${current.outage} s from t=${scenario().start} s` +
      (clipped ? `. The chart is cut off at ${Math.round(top)} calls/s; the busiest moment reaches ${Math.round(peak)}.` : "");
    const body = table.tBodies[0];
    body.textContent = "";
    for (const s of shown) {
      const r = runs[s];
      const tr = body.insertRow();
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = s;
      tr.append(th);
      const pct = r.calls ? Math.round((100 * r.failed) / r.calls) : 0;
      for (const v of [r.calls, `${pct}%`, duration(r.completionMs), r.unfinished]) {
        tr.insertCell().textContent = String(v);
      }
    }
  };

  draw();
  root.dataset.drawn = "1";
  form?.addEventListener("change", draw);
  new ResizeObserver(() => {
    if (plot && Math.abs(plot.width - chartEl.clientWidth) > 8) draw();
  }).observe(chartEl);
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", draw);
}
