// The phone's page: its seat's slate (its team's tile) and chips, the scores, over one
// websocket. The box decides everything; this page only shows what the box sends and
// sends what the player typed or tapped. It reconnects by itself and finds its seat by
// its token.
// The phase's action (send, bet) sits in the bar at the foot of the screen with the
// status line and the sand timer, so a small phone never scrolls to reach it; the page
// is redrawn in place, keeping where it was scrolled to, and goes back to the top only
// when the round moves on to another phase.
// common.js comes first: lang, t, loadTexts, say, pickLanguage.
"use strict";
const token = localStorage.getItem("seatToken");
const secret = localStorage.getItem("joinSecret");
let socket = null;
let view = null;
let draft = "";
let nextId = 1;
const sent = new Map();  // request id -> its type, to word the box's reply
// A request's id is new for every page load: the box answers a repeated id once only.
const idPrefix = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, "0")).join("");
let bet = { chips: [], gambit7: null };
let betRound = null;
let mode = "chip";
let lastPhase = null;
let toTop = false;  // the next drawing starts at the top: a new phase is another page
let stakeCount = 1;  // the gain tokens typed to stake, kept while the page redraws
let timerEnds = null;  // when the box's sand timer runs out, on this phone's clock

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "onclick") node.onclick = value;
    else if (key === "class") node.className = value;
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { say(t("offline"), "bad"); return; }
  message.id = `${idPrefix}-${nextId++}`;
  sent.set(message.id, message.type);
  message.lang = lang;
  socket.send(JSON.stringify(message));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.onopen = () => {
    say("");
    socket.send(JSON.stringify(token && !localStorage.getItem("watch")
      ? { type: "hello", token, lang } : { type: "hello", secret, lang }));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (event.code === 4403) return;  // no seat and no game for this link: its message stays
    say(t("offline"), "bad");
    setTimeout(connect, 1000);
  };
}

function receive(message) {
  if (message.type === "state") {
    view = message.view;
    timerEnds = view && view.timer ? Date.now() + 1000 * view.timer.left : null;
    const g = view && (view.gambit7 || view["quitte-ou-double"]);
    const phase = g ? `${g.round}/${g.phase}` : null;
    if (phase !== lastPhase) {  // a new phase: old news goes, the new page starts at the top
      toTop = lastPhase !== null;
      lastPhase = phase;
      say("");
    }
    render();
  }
  else if (message.type === "reply") {
    const kind = sent.get(message.id);
    sent.delete(message.id);
    if (message.ok && kind === "flag") say(message.message, "good");
    else if (message.ok) { draft = ""; say(kind === "bet" && view && view.gambit7 ? t("bet_placed") : "", "good"); }
    else say(message.message, "bad");
  } else if (message.type === "unknown") {
    localStorage.removeItem("seatToken");
    say(message.message, "bad");
    document.getElementById("game").textContent = "";
    document.getElementById("actions").textContent = "";
  }
}

// ---- Gambit 7 ---------------------------------------------------------------------

// The keys, four a row: digits, the decimal mark of the phone's language, h and : for
// durations, % for percentages, the sign (answers can be negative) and erase.
function keypad() {
  const mark = lang === "en" ? "." : ",";
  const keys = ["7", "8", "9", "⌫", "4", "5", "6", "h", "1", "2", "3", ":", "sign", "0", mark, "%"];
  const labels = { sign: "+/−" };
  const names = { sign: t("sign"), "⌫": t("erase") };
  return el("div", { class: "keypad", id: "keypad" }, ...keys.map((key) => el("button", {
    "data-key": key, "aria-label": names[key],
    onclick: () => { draft = typed(draft, key); render(); },
  }, labels[key] || key)));
}

// The draft after a key: erase the last character, change the sign, or add the key.
function typed(text, key) {
  if (key === "⌫") return text.slice(0, -1);
  if (key === "sign") return text.startsWith("-") ? text.slice(1) : ("-" + text).slice(0, 20);
  return (text + key).slice(0, 20);
}

// `slate` names what the answer is written on: the slate's key (Gambit 7), the tile's
// (Quitte ou Double).
function answerSection(g, slate, actions) {
  const you = view.you;
  const done = el("p", {}, t("answered"), " ", ...g.seats.map((seat) =>
    el("span", { class: "tag" + (g.answered.includes(seat) ? " done" : "") }, seat)));
  if (!you) return el("div", {}, done);
  if (g.your_answer !== undefined) {
    return el("div", {}, el("p", { id: "slate" }, t(slate, { answer: g.your_answer })),
      el("p", {}, t("waiting_for")), done);
  }
  actions.push(el("button", { class: "primary wide", id: "send", disabled: !draft, onclick: () => send({ type: "answer", typed: draft, locale: lang }) }, t("send")));
  return el("div", {},
    el("label", { for: "draft" }, t("your_answer")),
    el("div", { id: "draft", role: "status" }, draft || "\u00a0"),
    keypad(),
    done);
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

function caseRow(c, g, open) {
  const mine = bet.chips.filter((x) => x === c.target).length + (bet.gambit7 === c.target && c.target !== null ? 1 : 0);
  const label = c.case === "less" ? t("less") : (c.label || t("empty"));
  const chips = c.chips.map(([seat, n]) => `${seat}×${n}`).concat(c.tokens.map((seat) => `${seat} ★7`));
  const classes = ["case", c.case === "3" ? "centre" : "", c.target === null ? "empty" : "", mine ? "mine" : "", c.winning ? "winning" : ""];
  return el("button", {
    class: classes.join(" "), "data-target": c.target, "data-case": c.case,
    disabled: !open || c.target === null, onclick: () => toggle(c.target),
  },
  el("span", {}, el("span", { class: "value" }, label), el("br"), el("span", { class: "pays" }, t("pays", { alone: c.alone, shared: c.shared }))),
  el("span", { class: "who" }, chips.join(" ")));
}

function betSection(g, actions) {
  const open = g.phase === "bets" && !!view.you;
  if (betRound !== g.round) { betRound = g.round; bet = g.your_bet ? { chips: g.your_bet.chips.slice(), gambit7: g.your_bet.gambit7 } : { chips: [], gambit7: null }; }
  const rows = g.board.slice().reverse().map((c) => caseRow(c, g, open));
  const parts = [];
  if (open) {
    parts.push(el("p", {}, t("bets_open")));
    parts.push(el("div", { class: "modes" },
      el("button", { id: "mode-chip", class: mode === "chip" ? "on" : "", onclick: () => { mode = "chip"; render(); } }, t("chip")),
      el("button", { id: "mode-token", class: mode === "token" ? "on" : "", onclick: () => { mode = "token"; render(); } }, t("token"))));
  } else if (g.phase === "truth") parts.push(el("p", { id: "closed" }, t("bets_closed")));
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

// The question the box asked: its text in the phone's language while the round is open;
// once scored, the true answer and its source, and a way to say it seems wrong.
function asked(g) {
  const q = g.question;
  const parts = [el("p", { id: "question", class: "question", lang: q.lang }, q.text)];
  if (q.answer !== undefined) {
    parts.push(el("p", { id: "truth", class: "status good" }, t("true_answer", { answer: q.answer })));
    parts.push(el("p", { id: "source", class: "small" }, t("source", { source: q.source })));
    parts.push(el("button", { id: "flag", onclick: () => send({ type: "flag", question: q.id }) }, t("flag_question")));
  }
  return el("div", { id: "asked" }, ...parts);
}

// The round's heading: the box's question, or which question of the card to read.
function heading(g, card) {
  const round = el("strong", {}, t("round", { round: g.round }));
  return g.question ? [el("p", {}, round), asked(g)] : [el("p", {}, round, " — ", card)];
}

function gambit7(g, actions) {
  const head = heading(g, t("card", { card: g.round, question: g.round }));
  return el("div", { id: "gambit7", "data-phase": g.phase }, ...head,
    g.phase === "answers" ? answerSection(g, "your_slate", actions) : betSection(g, actions));
}

// ---- Quitte ou Double --------------------------------------------------------------

let zone = null;  // the zone this phone has picked: "low|high"

function zoneKey(z) { return `${z.low}|${z.high}`; }

function zoneRow(z, g, open) {
  const bets = z.bets.map(([team, tokens, stake]) => `${team}×${tokens}` + (stake ? ` (+${stake})` : ""));
  const classes = ["case", zoneKey(z) === zone ? "mine" : "", z.paying ? "winning" : ""];
  return el("button", {
    class: classes.join(" "), "data-zone": z.name, "data-low": z.low, "data-high": z.high,
    disabled: !open, onclick: () => { zone = zoneKey(z); render(); },
  }, el("span", { class: "value" }, z.name), el("span", { class: "who" }, bets.join(" ")));
}

function qodBets(g, actions) {
  const open = g.phase === "bets" && !g.bets_closed && !!view.you;
  const picked = g.zones.find((z) => zoneKey(z) === zone);
  const parts = [el("p", {}, ...g.tiles.map((tile) => el("span", { class: "tag" + (tile.earns ? " done" : "") }, tile.label)))];
  if (g.phase === "paid") {
    parts.push(el("p", { id: "payout", class: "status good" }, t("qod_paid", { truth: g.truth, gain: (g.gains || {})[view.you] || 0 })));
  }
  if (g.phase === "bets" && g.bets_closed) parts.push(el("p", { id: "closed" }, t("qod_closed")));
  parts.push(el("div", { id: "board" }, ...g.zones.slice().reverse().map((z) => zoneRow(z, g, open))));
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

function qod(g, actions) {
  const head = heading(g, t("qod_question", { question: g.card_question }));
  return el("div", { id: "qod", "data-phase": g.phase }, ...head,
    g.phase === "answers" ? answerSection(g, "your_tile", actions) : qodBets(g, actions));
}

// ---- every game -------------------------------------------------------------------

function scores() {
  const table = document.getElementById("scores");
  table.textContent = "";
  for (const [seat, score] of Object.entries(view.scores || {})) {
    table.append(el("tr", {}, el("td", {}, seat + (seat === view.you ? " ◀" : "")), el("td", { class: "n" }, String(score))));
  }
  const history = document.getElementById("history");
  history.textContent = "";
  (view.rounds || []).forEach((round, index) => {
    const after = round.scores || {};
    history.append(el("p", { class: "round" }, `${index + 1}. `, ...Object.entries(after).map(([seat, score]) => el("span", { class: "tag" }, `${seat} ${score}`))));
  });
}

// The page drawn again from `view`, in place: the scroll stays where the player left it
// (unless a new phase begins), and a field being typed in keeps the focus.
function render() {
  const scrolled = window.scrollY;
  const focused = document.activeElement && document.activeElement.id;
  const actions = [];
  document.getElementById("game").replaceChildren(...page(actions));
  document.getElementById("actions").replaceChildren(...actions);
  tick();
  if (view) scores();
  window.scrollTo(0, toTop ? 0 : scrolled);
  toTop = false;
  const field = focused && document.getElementById(focused);
  if (field && field.tagName === "INPUT") field.focus({ preventScroll: true });
}

// What the game section shows, its actions pushed onto `actions` (the bar's).
function page(actions) {
  if (!view) return [el("p", {}, t("no_game"))];
  document.getElementById("heading").textContent = view.title;
  const who = el("p", { id: "who" }, view.you ? t("seat", { seat: view.you }) : t("spectator"));
  if (view.gambit7) return [who, gambit7(view.gambit7, actions)];
  if (view["quitte-ou-double"]) return [who, qod(view["quitte-ou-double"], actions)];
  return [who, el("p", {}, t("on_box"))];
}

function tick() {
  const shown = document.getElementById("timer");
  if (!shown) return;
  const left = timerEnds === null ? 0 : Math.max(0, Math.ceil((timerEnds - Date.now()) / 1000));
  shown.hidden = timerEnds === null;
  shown.textContent = t("timer", { left });
}
setInterval(tick, 250);

pickLanguage(() => {
  render();
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "lang", lang }));
});
loadTexts().then(connect);
