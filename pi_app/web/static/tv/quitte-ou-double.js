// Quitte ou Double on the big screen: the card's question, who laid a tile (never its
// value), then the tiles turned up and the zones between them with every bet, then the
// true answer and each team's gain.
// tv.js comes first: registerTv.
"use strict";
(() => {
  function zone(z, ctx) {
    const bets = ctx.el("div", { class: "who" }, ...z.bets.map(([team, tokens, stake]) =>
      ctx.el("span", { class: "muted", "data-team": team }, `${tokens}×`, ctx.disc(team), stake ? ` +${stake}` : "")));
    return ctx.el("div", { class: "case" + (z.paying ? " winning" : ""), "data-zone": z.name },
      ctx.el("span", { class: "zone" }, z.name), bets);
  }

  function tiles(g, ctx) {
    return ctx.el("div", { id: "tiles", class: "mat" }, ...g.tiles.map((tile) =>
      ctx.el("div", { class: "case" + (tile.earns ? " winning" : ""), "data-value": tile.value },
        ctx.keyNumber(tile.label),
        ctx.el("div", { class: "who" }, ...tile.teams.map((team) => ctx.disc(team))))));
  }

  function render(g, view, ctx) {
    const q = g.question;
    const asked = ctx.el("p", { id: "question", class: "question" }, q ? q.text : ctx.t("card", { question: g.card_question }));
    // Once paid, the true answer beside the question (below it when the question is
    // long), its number apart from its unit.
    const truth = g.truth === null ? null : ctx.el("p", { id: "truth", class: "truth" },
      ...ctx.keySentence("truth", "answer", g.answer));
    const parts = [truth ? ctx.el("div", { class: "row head" }, asked, truth) : asked];
    if (g.phase === "answers") {
      parts.push(ctx.el("p", { id: "answers-in", class: "big" }, ctx.t("answers_in", { count: g.answered.length, seats: g.seats.length })));
      parts.push(ctx.el("div", { id: "answered", class: "row" }, ...g.seats.map((seat) => ctx.badge(seat, g.answered.includes(seat) ? "done" : "waiting"))));
    } else {
      const open = g.phase === "bets" && !g.bets_closed;
      if (g.phase !== "paid") parts.push(ctx.el("p", { class: "big " + (open ? "good" : "muted") }, ctx.t(open ? "bets_open" : "bets_closed")));
      parts.push(tiles(g, ctx));
      parts.push(ctx.el("div", { id: "zones", class: "mat zones" }, ...g.zones.map((z) => zone(z, ctx))));
    }
    if (g.truth !== null) {
      parts.push(ctx.el("div", { id: "payouts", class: "payouts stacked" }, ...Object.entries(g.gains).map(([team, gain]) =>
        ctx.el("div", { class: "payout", "data-seat": team, "data-gain": gain }, ctx.badge(team), ctx.keyNumber((gain > 0 ? "+" : "") + gain)))));
    }
    return ctx.el("div", { id: "qod", "data-phase": g.phase }, ...parts);
  }

  registerTv("quitte-ou-double", { render });
})();
