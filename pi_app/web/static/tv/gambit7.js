// Gambit 7 on the big screen: the question, who answered (never what), then the mat as
// the box sorted it with what each case pays and the bets as they arrive, then the true
// answer and every seat's payout, with the scores' chart over the rounds.
// tv.js comes first: registerTv.
"use strict";
(() => {
  function question(g, ctx) {
    const q = g.question;
    const text = q ? q.text : ctx.t("card", { card: g.round, question: g.round });
    return ctx.el("p", { id: "question", class: "question", lang: q ? q.lang : null }, text);
  }

  function answered(g, ctx) {
    return ctx.el("div", {},
      ctx.el("p", { id: "answers-in", class: "big" }, ctx.t("answers_in", { count: g.answered.length, seats: g.seats.length })),
      ctx.el("div", { id: "answered", class: "row" }, ...g.seats.map((seat) =>
        ctx.badge(seat, g.answered.includes(seat) ? "done" : "waiting"))));
  }

  // A case: its answer large on a line of its own (a key number), then what it pays
  // with who wrote it, the chips (●) and the tokens (★) on it, wrapping under it.
  function caseBox(c, ctx) {
    const label = c.case === "less" ? ctx.el("span", { class: "big" }, ctx.t("less")) : ctx.keyNumber(c.label || "—");
    const foot = ctx.el("div", { class: "who" },
      ctx.el("span", { class: "pays" }, ctx.t("pays", { alone: c.alone, shared: c.shared })),
      ...c.writers.map((seat) => ctx.disc(seat)),
      ...c.chips.flatMap(([seat, count]) => Array.from({ length: count }, () => ctx.el("span", { class: "muted" }, "●", ctx.disc(seat)))),
      ...c.tokens.map((seat) => ctx.el("span", { class: "muted" }, "★", ctx.disc(seat))));
    return ctx.el("div", { class: "case" + (c.winning ? " winning" : ""), "data-case": c.case, "data-target": c.target }, label, foot);
  }

  // Each seat's payout of the round, a key number under the seat (the new score is at the side).
  function payouts(g, ctx) {
    return ctx.el("div", { id: "payouts", class: "payouts stacked" }, ...g.payouts.map((p) =>
      ctx.el("div", { class: "payout", "data-seat": p.seat, "data-before": p.before, "data-after": p.after },
        ctx.badge(p.seat), ctx.keyNumber((p.after > p.before ? "+" : "") + (p.after - p.before)))));
  }

  // The question, and once the round is scored the true answer beside it (below it when
  // the question is long): the mat, the payouts and the scores keep the room they need.
  function head(g, ctx) {
    if (g.answer === undefined) return question(g, ctx);  // the truth, its number apart
    return ctx.el("div", { class: "row head" }, question(g, ctx),
      ctx.el("p", { id: "truth", class: "truth" }, ...ctx.keySentence("truth", "answer", g.answer)));
  }

  function render(g, view, ctx) {
    const parts = [head(g, ctx)];
    if (g.phase === "answers") parts.push(answered(g, ctx));
    else {
      if (g.phase !== "scored") parts.push(ctx.el("p", { class: "big " + (g.phase === "bets" ? "good" : "muted") }, ctx.t(g.phase === "bets" ? "bets_open" : "bets_closed")));
      parts.push(ctx.el("div", { id: "mat", class: "mat" }, ...g.board.map((c) => caseBox(c, ctx))));
    }
    if (g.payouts) parts.push(payouts(g, ctx));
    if (view.chart.steps.length > 0 && g.phase !== "bets") parts.push(ctx.chart(view.chart));
    return ctx.el("div", { id: "gambit7", "data-phase": g.phase }, ...parts);
  }

  registerTv("gambit7", { render });
})();
