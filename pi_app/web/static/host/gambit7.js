// Gambit 7 on the host's phone: every slate before the reveal (one corrected on the
// keypad), the answers turned up, the mat as the box sorted it with what each case pays
// and every bet on it, a bet placed for a seat without a phone, the bets closed with the
// true answer (typed from the card, or the box's own), then each seat's payout. The
// next round is the page's shared "Next".
// host.js and host/quiz.js: registerHostGame, hostQuiz.
"use strict";
(() => {
  let state = null;  // the host's typing and choices (hostQuiz.desk), made at the first drawing
  let bet = { chips: [], gambit7: null };
  let token = false;  // the taps on the mat play the Gambit 7 token, not chips

  function caseRow(c, ctx, open) {
    const label = c.case === "less" ? ctx.t("less") : (c.label || ctx.t("empty"));
    const who = c.chips.map(([seat, n]) => `${seat}×${n}`).concat(c.tokens.map((seat) => `${seat} ★7`));
    const mine = c.target !== null && (bet.chips.includes(c.target) || bet.gambit7 === c.target);
    const classes = ["case", c.case === "3" ? "centre" : "", c.target === null ? "empty" : "",
      mine && state.betting ? "mine" : "", c.winning ? "winning" : ""];
    return ctx.el("button", {
      class: classes.join(" "), "data-target": c.target, "data-case": c.case,
      disabled: !open || c.target === null, onclick: () => pick(c.target),
    },
    ctx.el("span", {}, ctx.el("span", { class: "value" }, label), ctx.el("br"),
      ctx.el("span", { class: "pays" }, ctx.t("pays", { alone: c.alone, shared: c.shared }))),
    ctx.el("span", { class: "who" }, who.join(" ")));
  }

  function pick(target) {
    if (token) bet = { chips: [], gambit7: bet.gambit7 === target ? null : target };
    else bet = { chips: bet.chips.concat([target]).slice(-2), gambit7: null };
    state.redraw();
  }

  // Betting for a seat: its bet as the box holds it, then the host's taps on the mat.
  function chosen(g, seat) {
    const held = g.bets.find((b) => b.seat === seat);
    bet = held ? { chips: held.chips.slice(), gambit7: held.gambit7 } : { chips: [], gambit7: null };
    token = bet.gambit7 !== null;
  }

  function betting(g, ctx) {
    const seat = state.betting;
    const parts = [hostQuiz.chooser(g, ctx, state)];
    if (seat === null) return parts;
    if (state.chosen !== seat) { chosen(g, seat); state.chosen = seat; }
    parts.push(ctx.el("div", { class: "modes" },
      ctx.el("button", { id: "mode-chip", class: token ? "" : "on", onclick: () => { token = false; bet = { chips: [], gambit7: null }; state.redraw(); } }, ctx.t("chips")),
      ctx.el("button", { id: "mode-token", class: token ? "on" : "", onclick: () => { token = true; bet = { chips: [], gambit7: null }; state.redraw(); } }, ctx.t("token"))));
    parts.push(ctx.el("div", { class: "row" },
      ctx.el("button", { class: "primary", id: "place-bet", onclick: () => send(ctx, { seat, chips: bet.chips, gambit7: bet.gambit7 }) }, ctx.t("place")),
      ctx.el("button", { id: "no-bet", onclick: () => send(ctx, { seat, chips: [], gambit7: null }) }, ctx.t("clear"))));
    return parts;
  }

  function send(ctx, fields) {
    state.send(ctx, "bet", fields).then((reply) => {
      if (reply && reply.ok) { state.betting = null; state.chosen = null; state.redraw(); }
    });
  }

  function bets(g, ctx) {
    return ctx.el("p", { id: "bets" }, ctx.t("bets"), ": ", ...g.bets.map((b) =>
      ctx.el("span", { class: "tag" + (b.placed ? " done" : ""), "data-seat": b.seat }, b.seat)));
  }

  function payouts(g, ctx) {
    return ctx.el("div", { id: "payouts" }, ...g.payouts.map((p) => ctx.el("p", { class: "payout", "data-seat": p.seat },
      ctx.t("payout", { seat: p.seat, before: p.before, after: p.after }),
      p.token === null || p.token === undefined ? "" : ` (${ctx.t(p.token ? "token_x7" : "token_x0")})`)));
  }

  function mat(g, ctx, open) {
    return ctx.el("div", { id: "board" }, ...g.board.slice().reverse().map((c) => caseRow(c, ctx, open)));
  }

  function phase(g, ctx) {
    if (g.phase === "answers") return [...hostQuiz.slates(g, ctx, state), hostQuiz.reveal(g, ctx, state)];
    if (g.phase === "bets") {
      return [bets(g, ctx), ...betting(g, ctx), mat(g, ctx, state.betting !== null), ...hostQuiz.truth(g, ctx, state, true)];
    }
    if (g.phase === "truth") return [...hostQuiz.truth(g, ctx, state, false), mat(g, ctx, false)];
    const after = g.finished ? [] : [ctx.el("p", { class: "small" }, ctx.t("next_hint"))];
    return [ctx.el("p", { id: "scored", class: "status good" }, ctx.t("scored", { answer: g.truth })),
      payouts(g, ctx), ...after, mat(g, ctx, false)];
  }

  function draw(container, g, ctx) {
    state = state || hostQuiz.desk();  // host/quiz.js is loaded after this file
    state.last = { container, data: g, ctx, draw };
    if (state.begin(`${ctx.view.game_id}/${g.round}/${g.phase}`)) { state.chosen = null; token = false; }
    const card = ctx.t("card", { card: g.card, question: g.card_question });
    container.append(ctx.el("div", { id: "host-gambit7", class: "host-quiz", "data-phase": g.phase },
      ...hostQuiz.heading(g, ctx, card), ...phase(g, ctx)));
  }

  registerHostGame("gambit7", { render: draw });
})();
