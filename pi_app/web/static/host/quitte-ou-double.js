// Quitte ou Double on the host's phone: every tile before they are turned up (one
// corrected on the keypad), the tiles turned up, the zones between them with every bet
// token and stake, a token or a stake placed for a team without a phone, the bets
// closed and the true answer (typed from the card, or the box's own), then each team's
// gain. The next round is the page's shared "Next".
// host.js and host/quiz.js: registerHostGame, hostQuiz.
"use strict";
(() => {
  let state = null;  // the host's typing and choices (hostQuiz.desk), made at the first drawing
  let staking = false;  // a tap on a zone stakes a gain token, not a bet token

  function zoneRow(z, g, ctx, open) {
    const bets = z.bets.map(([team, tokens, stake]) => `${team}×${tokens}` + (stake ? ` (+${stake})` : ""));
    return ctx.el("button", {
      class: "case" + (z.paying ? " winning" : ""), "data-zone": z.name, "data-low": z.low, "data-high": z.high,
      disabled: !open, onclick: () => place(z, ctx),
    }, ctx.el("span", { class: "value" }, z.name), ctx.el("span", { class: "who" }, bets.join(" ")));
  }

  function place(z, ctx) {
    const fields = { seat: state.betting, low: z.low, high: z.high };
    if (staking) state.send(ctx, "stake", Object.assign(fields, { count: 1 }));
    else state.send(ctx, "bet", fields);
  }

  function tiles(g, ctx) {
    return ctx.el("p", { id: "tiles" }, ...g.tiles.map((tile) =>
      ctx.el("span", { class: "tag" + (tile.earns ? " done" : "") }, `${tile.label} · ${tile.teams.join(", ")}`)));
  }

  function betting(g, ctx) {
    if (!g.can.includes("bet")) return g.bets_closed ? [ctx.el("p", { id: "closed", class: "status" }, ctx.t("closed"))] : [];
    const parts = [hostQuiz.chooser(g, ctx, state)];
    const team = state.betting;
    if (team === null) return parts;
    parts.push(ctx.el("p", { class: "small", id: "tokens-left" }, ctx.t("tokens_left", { left: g.tokens_left[team] })));
    if (g.can.includes("stake")) {
      parts.push(ctx.el("div", { class: "modes" },
        ctx.el("button", { id: "mode-bet", class: staking ? "" : "on", onclick: () => { staking = false; state.redraw(); } }, ctx.t("bet_token")),
        ctx.el("button", { id: "mode-stake", class: staking ? "on" : "", onclick: () => { staking = true; state.redraw(); } }, ctx.t("stake"))));
    }
    return parts;
  }

  function zones(g, ctx, open) {
    return ctx.el("div", { id: "board" }, ...g.zones.slice().reverse().map((z) => zoneRow(z, g, ctx, open)));
  }

  function gains(g, ctx) {
    return ctx.el("div", { id: "gains" }, ...g.seats.map((team) => ctx.el("p", { class: "gain", "data-seat": team },
      ctx.t("gain", { seat: team, gain: (g.gains || {})[team] || 0 }))));
  }

  function phase(g, ctx) {
    if (g.phase === "answers") return [...hostQuiz.slates(g, ctx, state), hostQuiz.reveal(g, ctx, state)];
    if (g.phase === "bets") {
      const open = g.can.includes("bet") && state.betting !== null;
      return [tiles(g, ctx), ...betting(g, ctx), zones(g, ctx, open),
        ...hostQuiz.truth(g, ctx, state, g.can.includes("close"))];
    }
    const after = g.finished ? [] : [ctx.el("p", { class: "small" }, ctx.t("next_hint"))];
    return [ctx.el("p", { id: "scored", class: "status good" }, ctx.t("paid", { answer: g.truth })),
      gains(g, ctx), ...after, tiles(g, ctx), zones(g, ctx, false)];
  }

  function draw(container, g, ctx) {
    state = state || hostQuiz.desk();  // host/quiz.js is loaded after this file
    state.last = { container, data: g, ctx, draw };
    if (state.begin(`${ctx.view.game_id}/${g.round}/${g.phase}`)) staking = false;
    const card = ctx.t("question_n", { question: g.card_question });
    container.append(ctx.el("div", { id: "host-qod", class: "host-quiz", "data-phase": g.phase },
      ...hostQuiz.heading(g, ctx, card), ...phase(g, ctx)));
  }

  registerHostGame("quitte-ou-double", { render: draw });
})();
