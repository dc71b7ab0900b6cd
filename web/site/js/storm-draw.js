// Drawing and formatting for the retry-storm chart (storm-chart.js): the
// bar charts of the study's view, and numbers written as the site builder
// writes them in the opening tables (web/site/storm.go).

// grouped writes a whole number with thin spaces between groups of three
// digits: 207 659.
export function grouped(n) {
  const s = String(Math.round(n));
  let out = "";
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0 && s[i - 1] !== "-") out += "\u2009";
    out += s[i];
  }
  return out;
}

// seconds writes a duration given in milliseconds: 4.3 s, 63 s, 2.0 min.
export function seconds(ms) {
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 120) return `${s.toFixed(0)} s`;
  return `${(s / 60).toFixed(1)} min`;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// barChart draws one horizontal bar per row ({strategy, value, text}),
// scaled to the largest value, with the strategy's name on the left and
// the value's text on the right. It is plain HTML and CSS, so its text
// stays readable at any width.
export function barChart(title, rows) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const box = el("div", "sim-bar-chart");
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", `${title}: ${rows.map((r) => `${r.strategy} ${r.text}`).join(", ")}`);
  box.append(el("p", "sim-bar-title", title));
  for (const r of rows) {
    const bar = el("span", "sim-bar");
    bar.dataset.strategy = r.strategy;
    bar.style.width = `${Math.max(0.5, (100 * r.value) / max)}%`;
    const track = el("span", "sim-bar-track");
    track.append(bar);
    const row = el("div", "sim-bar-row");
    row.append(el("span", "sim-bar-label", r.strategy), track, el("span", "sim-bar-value", r.text));
    box.append(row);
  }
  return box;
}
