// Quitte ou Double on the phone: the team's tile, typed on the shared keypad, then its
// bet tokens in the zones between the tiles and, when staking is on, gain tokens slipped
// under them. The zone picked and the count typed to stake are this round's own: each
// round begins with no zone picked and one token to stake.
// play.js comes first: registerGame, el, send, render, answerSection, heading, t.
"use strict";
(() => {
  let round = null;  // the game and round the picks below are for
  let zone = null;  // the zone this phone has picked: "low|high"
  let stakeCount = 1;  // the gain tokens typed to stake, kept while the page redraws

  function begin(g, view) {
    const now = `${view.game_id}/${g.round}`;
    if (now === round) return;
    round = now;
    zone = null;
    stakeCount = 1;
  }

  function zoneKey(z) { return `${z.low}|${z.high}`; }

  function zoneRow(z, open) {
    const bets = z.bets.map(([team, tokens, stake]) => `${team}×${tokens}` + (stake ? ` (+${stake})` : ""));
    const classes = ["case", zoneKey(z) === zone ? "mine" : "", z.paying ? "winning" : ""];
    return el("button", {
      class: classes.join(" "), "data-zone": z.name, "data-low": z.low, "data-high": z.high,
      disabled: !open, onclick: () => { zone = zoneKey(z); render(); },
    }, el("span", { class: "value" }, z.name), el("span", { class: "who" }, bets.join(" ")));
  }

  // What the round paid this seat, in words that never read "you gain -2".
  function payout(truth, gain) {
    const text = gain > 0 ? t("qod_paid", { truth, gain })
      : gain < 0 ? t("qod_lost", { truth, loss: -gain }) : t("qod_even", { truth });
    return el("p", { id: "payout", class: "status " + (gain < 0 ? "bad" : "good") }, text);
  }

  function bets(g, view, actions) {
    const open = g.phase === "bets" && !g.bets_closed && !!view.you;
    const picked = g.zones.find((z) => zoneKey(z) === zone);
    const parts = [el("p", {}, ...g.tiles.map((tile) => el("span", { class: "tag" + (tile.earns ? " done" : "") }, tile.label)))];
    if (g.phase === "paid") {
      parts.push(payout(g.truth, (g.gains || {})[view.you] || 0));
    }
    if (g.phase === "bets" && g.bets_closed) parts.push(el("p", { id: "closed" }, t("qod_closed")));
    parts.push(el("div", { id: "board" }, ...g.zones.slice().reverse().map((z) => zoneRow(z, open))));
    if (open) {
      actions.push(el("button", {
        class: "primary wide", id: "place-token", disabled: !picked || g.tokens_left < 1,
        onclick: () => send({ type: "bet", low: picked.low, high: picked.high }),
      }, t("qod_token", { left: g.tokens_left })));
      const mine = picked && picked.bets.some(([team]) => team === view.you);
      if (g.may_stake && mine) actions.push(stakeRow(g, picked));
    }
    return el("div", {}, ...parts);
  }

  // Gain tokens slipped under the team's bet token in the picked zone (when staking is on).
  function stakeRow(g, picked) {
    const left = g.owned - g.staked;
    stakeCount = Math.max(1, Math.min(stakeCount, left));
    const count = el("input", { id: "stake-count", type: "number", min: 1, max: left, value: stakeCount, inputmode: "numeric", "aria-label": t("qod_stake_left", { left }) });
    count.oninput = () => { stakeCount = parseInt(count.value, 10) || 1; };
    return el("div", { class: "stake" },
      el("p", { class: "small" }, t("qod_stake_left", { left })),
      el("div", { class: "row" }, count,
        el("button", { id: "stake", disabled: left < 1, onclick: () => send({ type: "stake", low: picked.low, high: picked.high, count: parseInt(count.value, 10) }) }, t("qod_stake"))));
  }

  function draw(g, view, actions) {
    begin(g, view);
    const head = heading(g, t("qod_question", { question: g.card_question }));
    return el("div", { id: "qod", "data-phase": g.phase }, ...head,
      g.phase === "answers" ? answerSection(g, "your_tile", actions) : bets(g, view, actions));
  }

  registerGame("quitte-ou-double", { render: draw });
})();
