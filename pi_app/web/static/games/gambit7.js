// Gambit 7 on the phone: the seat's slate, typed on the shared keypad, then its bet on
// the mat as the box sorted it (two chips, or its Gambit 7 token instead) and its payout.
// The bet being picked and the mode it is picked in (chips or token) are this round's
// own: each round begins afresh, in chips mode with no bet, or with the bet the box
// already holds for this round (after a reload) in the mode it was placed in. Nothing
// picked in one round is carried into the next.
// play.js comes first: registerGame, el, send, render, answerSection, heading, t.
"use strict";
(() => {
  let round = null;  // the game and round the bet below is for
  let bet = { chips: [], gambit7: null };
  let mode = "chip";

  // A new round (or game): its bet as the box holds it, or none; chips unless a token.
  function begin(g, view) {
    const now = `${view.game_id}/${g.round}`;
    if (now === round) return;
    round = now;
    const own = g.your_bet;
    bet = own ? { chips: own.chips.slice(), gambit7: own.gambit7 } : { chips: [], gambit7: null };
    mode = bet.gambit7 !== null ? "token" : "chip";
  }

  function toggle(target) {
    if (mode === "token") { bet = { chips: [], gambit7: bet.gambit7 === target ? null : target }; }
    else {
      const chips = bet.chips.slice();
      chips.push(target);
      bet = { chips: chips.slice(-2), gambit7: null };
    }
    render();
  }

  // One case of the mat: its answer, what it pays, the player's own chips on it (or
  // token), counted, and every seat's chips and tokens there.
  function caseRow(c, open) {
    const chipsHere = c.target === null ? 0 : bet.chips.filter((x) => x === c.target).length;
    const tokenHere = bet.gambit7 === c.target && c.target !== null;
    const label = c.case === "less" ? t("less") : (c.label || t("empty"));
    const chips = c.chips.map(([seat, n]) => `${seat}×${n}`).concat(c.tokens.map((seat) => `${seat} ★7`));
    const classes = ["case", c.case === "3" ? "centre" : "", c.target === null ? "empty" : "", chipsHere || tokenHere ? "mine" : "", c.winning ? "winning" : ""];
    const own = chipsHere ? el("span", { class: "own", "data-chips": chipsHere }, t("chips_here", { count: chipsHere }))
      : tokenHere ? el("span", { class: "own", "data-chips": 0 }, t("token")) : null;
    return el("button", {
      class: classes.join(" "), "data-target": c.target, "data-case": c.case,
      disabled: !open || c.target === null, onclick: () => toggle(c.target),
    },
    el("span", {}, el("span", { class: "value" }, label), el("br"), el("span", { class: "pays" }, t("pays", { alone: c.alone, shared: c.shared })),
      ...(own ? [el("br"), own] : [])),
    el("span", { class: "who" }, chips.join(" ")));
  }

  function pick(chosen) {
    mode = chosen;
    render();
  }

  function betSection(g, view, actions) {
    const open = g.phase === "bets" && !!view.you;
    const rows = g.board.slice().reverse().map((c) => caseRow(c, open));
    const parts = [];
    if (open) {
      parts.push(el("p", {}, t("bets_open")));
      parts.push(el("div", { class: "modes" },
        el("button", { id: "mode-chip", class: mode === "chip" ? "on" : "", onclick: () => pick("chip") }, t("chip")),
        el("button", { id: "mode-token", class: mode === "token" ? "on" : "", onclick: () => pick("token") }, t("token"))));
    } else if (g.phase === "truth") parts.push(el("p", { id: "closed" }, t("bets_closed")));
    if (view.you) parts.push(el("p", { id: "chip-total" }, t("your_chips", { placed: bet.chips.length, chips: g.chips })));
    parts.push(el("div", { id: "board" }, ...rows));
    if (open) {
      actions.push(el("div", { class: "row" },
        el("button", { class: "primary", id: "place-bet", onclick: () => send({ type: "bet", chips: bet.chips, gambit7: bet.gambit7 }) }, t("place_bet")),
        el("button", { id: "clear-bet", onclick: () => { bet = { chips: [], gambit7: null }; render(); } }, t("clear_bet"))));
    }
    if (g.payout) {
      parts.unshift(el("p", { id: "payout", class: "status good" }, t("payout", g.payout),
        el("br"), t("payout_detail", g.payout)));
    }
    return el("div", {}, ...parts);
  }

  // What the box took: a bet on the mat, or none (the rules let a seat bet nothing).
  function done(request) {
    if (request.type !== "bet") return "";
    const placed = request.chips.length > 0 || (request.gambit7 !== null && request.gambit7 !== undefined);
    return placed ? t("bet_placed") : t("no_bet");
  }

  function draw(g, view, actions) {
    begin(g, view);
    const head = heading(g, t("card", { card: g.round, question: g.round }));
    return el("div", { id: "gambit7", "data-phase": g.phase }, ...head,
      g.phase === "answers" ? answerSection(g, "your_slate", actions) : betSection(g, view, actions));
  }

  registerGame("gambit7", { render: draw, done });
})();
