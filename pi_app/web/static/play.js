// The phone's page: its seat's slate (its team's tile) and chips, the scores, over one
// websocket. The box decides everything; this page only shows what the box sends and
// sends what the player typed or tapped. It reconnects by itself and finds its seat by
// its token. While the box plays another game, the page says its own game is paused and
// keeps its token: the box seats it again the moment that game is back.
// The phase's action (send, bet) sits in the bar at the foot of the screen with the
// status line and the sand timer, so a small phone never scrolls to reach it; the page
// is redrawn in place, keeping where it was scrolled to, and goes back to the top only
// when the round moves on to another phase.
// What a game shows and sends beyond the scores is that game's own: its script,
// static/games/<record name>.js (the server sends every one after this file, in the same
// response), registers its play under the game's record name (`registerGame`), and the
// page draws the view's `play` with the play the view's `game` names. This file names
// no game.
// common.js comes first: lang, t, loadTexts, say, pickLanguage.
"use strict";
const token = localStorage.getItem("seatToken");
const secret = localStorage.getItem("joinSecret");
let socket = null;
let view = null;
let screenless = false;  // the box runs with no screen: a banner says so (pi_app/screenless.py)
let hosted = false;  // a host's phone is connected: the banner says it moves the round on
let draft = "";
let nextId = 1;
const sent = new Map();  // request id -> { request, play }: the box's reply is worded by it
// A request's id is new for every page load: the box answers a repeated id once only.
const idPrefix = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, "0")).join("");
let lastPhase = null;
let toTop = false;  // the next drawing starts at the top: a new phase is another page
let timerEnds = null;  // when the box's sand timer runs out, on this phone's clock
let paused = null;  // the box's words while this phone's game is paused (its seat kept)
let changing = false;  // the player writes their answer again (the box takes it until the reveal)
const games = new Map();  // a game's record name -> its play on the phone

// A game's play on the phone, registered by the game's own script under its record name:
//   render(part, view, actions): the game's section, drawn from `part` (the view's
//     `play`), its actions (send, bet) pushed onto `actions`, the bar's. What the player
//     picks before sending is the game's own to keep, and to begin afresh each round;
//   page(part), optional: which page of the game `part` shows; a new page clears old
//     news and is drawn from the top (by default, the part's round and phase);
//   done(request), optional: what to say once the box has taken `request`, one the
//     game's section sent (by default nothing).
function registerGame(name, play) {
  games.set(name, play);
}

// The play of the view's game, or null when the box plays that game itself.
function played() {
  if (!view || view.play === undefined || view.play === null) return null;
  return games.get(view.game) || null;
}

function pageOf(play, part) {
  return play.page ? play.page(part) : `${part.round}/${part.phase}`;
}

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
  sent.set(message.id, { request: message, play: played() });
  message.lang = lang;
  if (view) message.game = view.game_id;  // carried out in this game only, or "ended"
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
    paused = null;
    view = message.view;
    screenless = message.screen === false;
    hosted = message.host === true;
    timerEnds = view && view.timer ? Date.now() + 1000 * view.timer.left : null;
    const play = played();
    const phase = play ? `${view.game_id}/${pageOf(play, view.play)}` : null;
    if (phase !== lastPhase) {  // a new phase: old news goes, the new page starts at the top
      toTop = lastPhase !== null;
      lastPhase = phase;
      changing = false;
      say("");
    }
    render();
  }
  else if (message.type === "reply") {
    const pending = sent.get(message.id);
    sent.delete(message.id);
    if (!message.ok) say(message.message, "bad");
    else if (pending && pending.request.type === "flag") say(message.message, "good");
    else {
      draft = "";
      changing = false;
      const done = pending && pending.play && pending.play.done;
      say(done ? done(pending.request) || "" : "", "good");
    }
  } else if (message.type === "paused") {  // the token stays: the game comes back
    paused = message.message;
    timerEnds = null;
    render();
  } else if (message.type === "unknown") {
    paused = null;
    localStorage.removeItem("seatToken");
    say(message.message, "bad");
    // The box's welcome lists the games open to join now: the next one is a tap away.
    document.getElementById("game").replaceChildren(
      el("p", {}, el("a", { id: "welcome", class: "button", href: "/" }, t("open_games"))));
    document.getElementById("actions").textContent = "";
  }
}

// ---- what the games share: the keypad, the answer, the round's question -----------

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

// The answer of a game whose seats write one (`part` has its `seats`, who `answered` and
// `your_answer`): typed on the keypad and sent, or shown once sent, with a way to write
// it again until the answers are turned up (the box refuses a change after). `slate` is
// the key of the text naming what the answer is written on, in the game's own words.
function answerSection(g, slate, actions) {
  const you = view.you;
  const done = el("p", {}, t("answered"), " ", ...g.seats.map((seat) =>
    el("span", { class: "tag" + (g.answered.includes(seat) ? " done" : "") }, cue(seat), shownSeat(seat))));
  if (!you) return el("div", {}, done);
  const written = g.your_answer !== undefined;
  const yours = written ? el("p", { id: "slate" }, t(slate, { answer: g.your_answer })) : null;
  if (written && !changing) {
    actions.push(el("button", { class: "wide", id: "change-answer", onclick: () => { changing = true; draft = ""; render(); } }, t("change_answer")));
    return el("div", {}, yours, el("p", {}, t("waiting_for")), done);
  }
  const message = () => written
    ? { type: "answer", typed: draft, locale: lang, change: true } : { type: "answer", typed: draft, locale: lang };
  actions.push(el("button", { class: "primary wide", id: "send", disabled: !draft, onclick: () => send(message()) }, t("send")));
  return el("div", {}, yours,
    el("label", { for: "draft" }, t(written ? "new_answer" : "your_answer")),
    el("div", { id: "draft", role: "status" }, draft || "\u00a0"),
    keypad(),
    done);
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

// ---- every game: the frame, the scores, the timer ----------------------------------

// A seat as shown: the computer's by its label in the phone's language (`view.names`),
// every other by its name.
function shownSeat(seat) {
  return (view.names || {})[seat] || seat;
}

// A seat's second cue beside its name, for eyes that tell its colour poorly: its shape
// printed on its colour (`view.cues`, from pi_app/palette.py; `seat-N` in style.css).
function cue(seat) {
  const c = (view.cues || {})[seat];
  if (!c) return null;
  return el("span", { class: `cue seat-${c.index}`, "data-shape": c.shape, "aria-hidden": "true" }, c.glyph);
}

function scores() {
  const table = document.getElementById("scores");
  table.textContent = "";
  for (const [seat, score] of Object.entries(view.scores || {})) {
    table.append(el("tr", {}, el("td", {}, cue(seat), shownSeat(seat) + (seat === view.you ? " ◀" : "")), el("td", { class: "n" }, String(score))));
  }
  const history = document.getElementById("history");
  history.textContent = "";
  (view.rounds || []).forEach((round, index) => {
    const after = round.scores || {};
    history.append(el("p", { class: "round" }, `${index + 1}. `, ...Object.entries(after).map(([seat, score]) => el("span", { class: "tag" }, cue(seat), `${shownSeat(seat)} ${score}`))));
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
  const banner = screenless ? [el("p", { id: "no-screen", class: "status bad" }, t(hosted ? "no_screen_host" : "no_screen"))] : [];
  return [...banner, ...game(actions)];
}

// The game's part of the page: who this phone is, the end, the game's own section; or
// only that its game is paused.
function game(actions) {
  if (paused) return [el("p", { id: "paused", class: "status" }, paused)];
  if (!view) return [el("p", {}, t("no_game"))];
  document.getElementById("heading").textContent = view.title;
  const who = el("p", { id: "who" }, view.you ? cue(view.you) : null, view.you ? t("seat", { seat: view.you }) : t("spectator"));
  const over = ended();
  const play = played();
  if (play) return [who, ...over, play.render(view.play, view, actions)];
  return [who, ...over, el("p", {}, t("on_box"))];
}

// The end of the game, and who won, above the game's own section.
function ended() {
  if (!view.finished) return [];
  const winners = view.winners.map(shownSeat).join(", ");
  const key = view.winners.length === 0 ? "game_over" : view.winners.length === 1 ? "won_one" : "won_many";
  const over = el("p", { id: "game-over", class: "status good" }, t(key, { winners }));
  if (!view.you) return [over];
  return [over, el("p", { id: "next-game", class: "small" }, t("next_game"))];
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
// The games' plays come after this file: the page starts once every one has registered.
document.addEventListener("DOMContentLoaded", () => loadTexts().then(connect));
