// Cambio on the big screen: the round's phase, the STOP and who rang, the last hand won
// with each seat's score change, the chart of the totals; a tournament's standings
// across every table (and box).
// tv.js comes first: registerTv.
"use strict";
(() => {
  function phase(g, ctx) {
    const parts = [];
    if (g.phase === "stopped" || g.phase === "rung") {
      parts.push(ctx.el("p", { id: "stop", class: "stop" }, ctx.t("stop")));
      if (g.rung_by) parts.push(ctx.el("p", { id: "rang", class: "big" }, ctx.badge(g.rung_by), " ", ctx.t("rang", { seat: "" })));
    } else if (g.phase_label) parts.push(ctx.el("p", { id: "phase", class: "key", "data-phase": g.phase }, g.phase_label));
    if (g.false_rings && g.false_rings.length) parts.push(ctx.el("p", { class: "bad big" }, ctx.t("false_rings", { seats: g.false_rings.map(ctx.seatName).join(", ") })));
    return parts;
  }

  function last(g, ctx) {
    if (!g.last) return [];
    const l = g.last;
    return [
      ctx.el("p", { id: "last-hand", class: "big" }, ctx.t("last", { seat: ctx.seatName(l.winner), hand: l.hand, currency: l.currency })),
      ctx.el("div", { id: "payouts", class: "payouts" }, ...l.changes.map(([seat, change]) =>
        ctx.el("div", { class: "payout", "data-seat": seat, "data-change": change }, ctx.badge(seat), ctx.el("span", { class: "n", "data-key-number": true }, (change > 0 ? "+" : "") + change)))),
    ];
  }

  function tournament(g, ctx) {
    const rows = g.tournament.map(([player, score, wins], i) => ctx.el("div", { class: "place", "data-seat": player },
      ctx.el("span", { class: "big" }, `${i + 1}.`), ctx.badge(player), ctx.el("span", { class: "n", "data-key-number": true }, String(score)), ctx.el("span", { class: "muted" }, ctx.t("wins", { count: wins }))));
    const tables = g.tables.map((table) => ctx.el("p", { class: "muted", "data-table": table.table },
      ctx.t("table", { table: table.table, phase: table.rung_by ? ctx.t("rang", { seat: ctx.seatName(table.rung_by) }) : table.phase_label || "" })));
    return [ctx.el("div", { id: "tournament", class: "standings" }, ...rows), ctx.el("div", { class: "tables" }, ...tables)];
  }

  function render(g, view, ctx) {
    const parts = g.tournament ? [...tournament(g, ctx), ...last(g, ctx)]
      : [ctx.el("p", { class: "big" }, ctx.t("dealer", { seat: ctx.seatName(g.dealer) })), ...phase(g, ctx), ...last(g, ctx)];
    if (!g.tournament && view.chart.steps.length > 0 && g.phase !== "stopped" && g.phase !== "rung") parts.push(ctx.chart(view.chart));
    return ctx.el("div", { id: "cambio", "data-phase": g.phase || "" }, ...parts);
  }

  registerTv("cambio", { render });
  window.cambioTv = { render };  // a tournament's table: static/tv/cambio-tournament.js
})();
