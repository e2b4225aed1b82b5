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

  function caseBox(c, ctx) {
    const label = c.case === "less" ? ctx.t("less") : (c.label || "—");
    const who = ctx.el("div", { class: "who" },
      ...c.writers.map((seat) => ctx.disc(seat)),
      ...c.chips.flatMap(([seat, count]) => Array.from({ length: count }, () => ctx.el("span", { class: "muted" }, "●", ctx.disc(seat)))),
      ...c.tokens.map((seat) => ctx.el("span", { class: "muted" }, "★", ctx.disc(seat))));
    return ctx.el("div", { class: "case" + (c.winning ? " winning" : ""), "data-case": c.case, "data-target": c.target },
      ctx.el("span", { class: c.case === "less" ? "" : ctx.keyClass(label) }, label),
      ctx.el("span", { class: "pays" }, ctx.t("pays", { alone: c.alone, shared: c.shared })),
      who);
  }

  function payouts(g, ctx) {
    return ctx.el("div", { id: "payouts", class: "payouts" }, ...g.payouts.map((p) =>
      ctx.el("div", { class: "payout", "data-seat": p.seat, "data-after": p.after },
        ctx.badge(p.seat), ctx.el("span", { class: "muted" }, `${p.before} →`), ctx.el("span", { class: "n" }, String(p.after)))));
  }

  function render(g, view, ctx) {
    const parts = [question(g, ctx)];
    if (g.phase === "answers") parts.push(answered(g, ctx));
    else {
      if (g.phase !== "scored") parts.push(ctx.el("p", { class: "big " + (g.phase === "bets" ? "good" : "muted") }, ctx.t(g.phase === "bets" ? "bets_open" : "bets_closed")));
      parts.push(ctx.el("div", { id: "mat", class: "mat" }, ...g.board.map((c) => caseBox(c, ctx))));
    }
    const truth = g.question && g.question.answer !== undefined ? g.question.answer : g.truth;
    if (truth !== undefined) parts.push(ctx.el("p", { id: "truth", class: "truth" }, ctx.t("truth", { answer: truth })));
    if (g.payouts) parts.push(payouts(g, ctx));
    if (view.chart.steps.length > 0 && g.phase !== "bets") parts.push(ctx.chart(view.chart));
    return ctx.el("div", { id: "gambit7", "data-phase": g.phase }, ...parts);
  }

  registerTv("gambit7", { render });
})();
