// The big screen (/tv): what the whole table may see, at the scale of a room. The box
// sends each state over /tv/ws (no key: a TV is a spectator); this page only draws it.
// It reconnects by itself. Its language is ?lang=, else the box's (the box says which).
// What a game shows is that game's own: its script, static/tv/<record name>.js (the
// server sends every one after this file, in the same response), registers its drawing
// under the game's record name (`registerTv`), and the page draws the view's `play` with
// the drawing the view's `game` names. This file names no game.
"use strict";
const tvGames = new Map();  // a game's record name -> its drawing on the big screen
let T = { shared: {}, games: {} };
let textsLang = null;
let current = null;  // the last message from the box
let timerEnds = null;  // when the sand timer runs out, on this screen's clock
let online = false;
const asked = new URLSearchParams(location.search).get("lang");

// A game's drawing: render(play, view, ctx) returns the stage's element, drawn from
// `play` (the view's `play`); ctx gives the game's words (t), el, badge, chart,
// keyNumber and keySentence (a sentence of the game's with a key number in it). A
// `play` with `side: false` has the whole width (it shows standings of its own).
function registerTv(name, drawing) {
  tvGames.set(name, drawing);
}

function words(table, key, params) {
  const text = table[key] !== undefined ? table[key] : (T.shared[key] !== undefined ? T.shared[key] : key);
  return text.replace(/\{(\w+)\}/g, (_, k) => (params && k in params ? params[k] : ""));
}

function t(key, params) {
  return words(T.shared, key, params);
}

function el(tag, attrs, ...children) {
  const svg = ["svg", "circle", "polyline", "line"].includes(tag);
  const node = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.setAttribute("class", value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// ---- seats: a colour and an initial, and the name -----------------------------------

// The seat's cue as the box, the phones and the ring show it (`view.cues`, from
// pi_app/palette.py): its colour's index and its shape.
function seatCue(seat) {
  const cues = (current && current.view && current.view.cues) || {};
  return cues[seat] || { index: 0, glyph: "", shape: "" };
}

function seatIndex(seat) {
  return seatCue(seat).index % 8;
}

function seatName(seat) {
  const names = (current && current.view && current.view.names) || {};
  return names[seat] || seat;
}

// A seat's mark in its disc: its initial, or as many first letters as tell it from the
// other seats' (Ana and Anna: "Ana", "Ann"), three at most.
function initials(seat) {
  const seats = (current && current.view && current.view.seats) || [seat];
  const letters = (name) => Array.from(seatName(name).toUpperCase());
  const own = letters(seat);
  for (let size = 1; size < 3; size++) {
    const mark = own.slice(0, size).join("");
    if (!seats.some((other) => other !== seat && letters(other).slice(0, size).join("") === mark)) return mark;
  }
  return own.slice(0, 3).join("") || "?";
}

// A seat as the room tells it apart: its colour, its shape and initials in the disc
// (the shape as on the box and the phones), its name.
function disc(seat) {
  const mark = initials(seat);
  const cue = seatCue(seat);
  return el("span", { class: `disc long seat-${seatIndex(seat)}`, "data-shape": cue.shape, "aria-hidden": "true" },
    el("span", { class: "shape" }, cue.glyph), mark);
}

// A number the room reads from afar (a key number, marked `data-key-number`): 80 px at
// 1920x1080 on one line, up to KEY_LENGTH characters (`1 352 617 328`, as long as the
// bank's longest number: a guess near a truth that long is one too), the most two
// cases side by side hold, or LINE_LENGTH for one with a line of its own (the truth's
// number, `1 411 778 724`: its unit is no key number, drawn beside it at the size of
// words). A longer one (an absurd slate of 40 digits) is no key number: it wraps inside
// its box at the size of the stage's words, whole, never cut.
const KEY_LENGTH = 13;
const LINE_LENGTH = 20;

function keyNumber(text, attrs, most = KEY_LENGTH) {
  const shown = String(text);
  const fits = Array.from(shown).length <= most;
  return el("span", { ...attrs, class: fits ? "key" : "overlong", "data-key-number": fits }, shown);
}

// The game's sentence `key` with its number `name` drawn as a key number in it (a line
// of its own: up to LINE_LENGTH characters). `value` is the number, or a true answer
// as the box sends it, `{before, number, after}`: its number alone is the key number,
// its unit (`after`, or `before` in a language writing it first) is drawn at the size
// of the sentence's words, beside the number or, when the line has no room, under it.
function keySentence(table, key, name, value) {
  const parts = typeof value === "object" ? value : { before: "", number: value, after: "" };
  const unit = (text) => el("span", { class: "unit" }, text);
  const [before, after] = words(table, key, { [name]: "\u0001" }).split("\u0001");
  const shown = [before];
  if (parts.before) shown.push(unit(parts.before), " ");  // a breaking space: it may wrap
  shown.push(keyNumber(parts.number, {}, LINE_LENGTH));
  if (parts.after) shown.push(" ", unit(parts.after));
  shown.push(after);
  return shown;
}

// `extra` "done" (has answered) adds a tick, beside its outline: not a colour alone.
function badge(seat, extra) {
  const tick = extra === "done" ? el("span", { class: "tick" }, "✓") : null;
  return el("span", { class: "badge" + (extra ? " " + extra : ""), "data-seat": seat }, disc(seat), el("span", { class: "name" }, seatName(seat)), tick);
}

// ---- the chart of the scores over the rounds ----------------------------------------

const COLOURS = ["#ff6b6b", "#4dabf7", "#ffd43b", "#69db7c", "#da77f2", "#ffa94d", "#3bc9db", "#f783ac"];

function chart(data) {
  const seats = data.seats || [];
  const all = seats.flatMap((seat) => data.series[seat] || []);
  const low = Math.min(0, ...all);
  const high = Math.max(1, ...all);
  const steps = Math.max(1, ...seats.map((seat) => (data.series[seat] || []).length - 1));
  const svg = el("svg", { class: "chart", viewBox: "0 0 100 40", preserveAspectRatio: "none", role: "img" });
  svg.append(el("line", { class: "axis", x1: 0, x2: 100, y1: 40 - (40 * (0 - low)) / (high - low), y2: 40 - (40 * (0 - low)) / (high - low) }));
  seats.forEach((seat) => {
    const points = (data.series[seat] || []).map((value, i) => `${(100 * i) / steps},${40 - (40 * (value - low)) / (high - low)}`);
    svg.append(el("polyline", { points: points.join(" "), stroke: COLOURS[seatIndex(seat)], "data-seat": seat }));
  });
  return svg;
}

// ---- the frame: title, status, timer, scores, the lobby, the end --------------------

function draw() {
  const stage = document.getElementById("stage");
  const side = document.getElementById("side");
  const banner = document.getElementById("banner");
  const view = current && current.view;
  const messages = [];
  if (!online) messages.push(t("offline"));
  if (current && current.screen === false) messages.push(t("no_screen"));
  banner.hidden = messages.length === 0;
  banner.textContent = messages.join(" ");
  document.getElementById("title").textContent = view ? view.title : t("title");
  if (!view) {
    document.getElementById("status").textContent = "";
    side.hidden = true;
    stage.replaceChildren(el("p", { id: "no-game", class: "big" }, t("no_game")), el("p", { class: "muted" }, t("waiting_game")));
    return;
  }
  const play = view.play || {};
  const drawing = tvGames.get(view.game);
  const gameWords = T.games[view.game] || {};
  const ctx = { t: (key, params) => words(gameWords, key, params), el, badge, disc, seatName, chart, keyNumber, view,
    keySentence: (key, name, value) => keySentence(gameWords, key, name, value) };
  document.getElementById("status").textContent = status(view, play, ctx);
  side.hidden = play.side === false;  // a game showing its own standings takes the width
  side.replaceChildren(...sidePanel(view));
  if (view.finished) stage.replaceChildren(ended(view, ctx));
  else if (!play.started && view.join) stage.replaceChildren(lobby(view));
  else if (drawing) stage.replaceChildren(drawing.render(play, view, ctx));
  else stage.replaceChildren(chart(view.chart));
  fit(stage);
}

// A stage fuller than the screen (the longest question, names and answers a game may
// have) takes tv.css's steps `fit-1`, `fit-2`, ... one after the other until it holds:
// each sets some part tighter (the question's words, the payouts' names, the mat's
// spacing), never a text under 28 px nor a key number under 80 px at 1920x1080. An
// ordinary stage takes none and looks as it always did. The chart takes what is left.
const FIT_STEPS = 4;

function fit(stage) {
  for (let step = 1; step <= FIT_STEPS; step++) stage.classList.remove(`fit-${step}`);
  for (let step = 1; step <= FIT_STEPS && overflows(stage); step++) stage.classList.add(`fit-${step}`);
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  for (const shown of stage.querySelectorAll(".chart")) {
    if (shown.getBoundingClientRect().height < CHART_LEAST * rem) shown.style.display = "none";
  }
}

// The least height a chart is drawn at, in rem: a flatter one tells nothing.
const CHART_LEAST = 3;

function overflows(node) {
  return node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1;
}

function status(view, play, ctx) {
  if (view.thinking) return t("thinking");
  if (play.round !== undefined && play.round > 0) return ctx.t("round", { round: play.round });
  return "";
}

function sidePanel(view) {
  const parts = [el("h2", {}, t("scores"))];
  const list = el("div", { id: "scores" });
  const scores = view.scores || {};
  for (const seat of view.seats) {
    list.append(el("div", { class: "line", "data-seat": seat }, badge(seat), el("span", { class: "n", "data-score": scores[seat] || 0, "data-key-number": true }, String(scores[seat] || 0))));
  }
  parts.push(list);
  const free = view.seats.filter((seat) => !view.held.includes(seat));
  if (view.join && free.length > 0 && (view.play || {}).started && !view.finished) {
    parts.push(el("img", { id: "small-qr", src: `/tv/qr.svg?game=${view.game_id}`, alt: t("join") }));
  }
  return parts;
}

// Before the game: the join code large, the link spelt out, and the seats as phones take them.
function lobby(view) {
  const seats = el("div", { id: "lobby-seats", class: "row" }, ...view.seats.map((seat) => {
    const held = view.held.includes(seat);
    return el("span", { class: held ? "done" : "waiting", "data-held": held ? "1" : "0" }, badge(seat), " ", el("span", { class: "muted" }, held ? t("phone") : t("free")));
  }));
  return el("div", { id: "lobby" },
    el("img", { id: "join-qr", src: `/tv/qr.svg?game=${view.game_id}`, alt: t("join") }),
    el("div", { class: "words" },
      el("p", { class: "key" }, t("join")),
      el("p", { id: "join-link" }, t("join_link", { link: `${location.host}${view.join}` })),
      el("h2", {}, t("seats")), seats));
}

// The end: who won, the standings, the facts, the chart of the game.
function ended(view, ctx) {
  const winners = view.winners.map(seatName).join(", ");
  const head = view.winners.length > 1 ? t("won_many", { winners }) : view.winners.length === 1 ? t("won_one", { winners }) : "";
  const places = el("div", { class: "standings", id: "standings" }, ...view.standings.map(([place, seat, score]) =>
    el("div", { class: "place", "data-seat": seat }, el("span", { class: "big" }, `${place}.`), badge(seat), el("span", { class: "n", "data-key-number": true }, String(score)))));
  const facts = el("div", { class: "facts", id: "facts" }, ...view.facts.map((fact) =>
    el("p", { class: "muted", "data-kind": fact.kind }, ctx.t(fact.kind, { seat: seatName(fact.seat), value: fact.value, step: fact.step }))));
  return el("div", { id: "ended" }, el("p", { class: "key good", id: "winners" }, head), el("h2", {}, t("standings")),
    el("div", { class: "row" }, places, el("div", {}, facts)), chart(view.chart));
}

// ---- the sand timer, as the ring shows it: 24 lights, lit for the sand left ---------

function ring() {
  const svg = document.getElementById("ring");
  if (svg.childNodes.length) return svg;
  for (let i = 0; i < 24; i++) {
    const angle = (2 * Math.PI * i) / 24 - Math.PI / 2;
    svg.append(el("circle", { cx: (10 * Math.cos(angle)).toFixed(2), cy: (10 * Math.sin(angle)).toFixed(2), r: 1.6 }));
  }
  return svg;
}

function tick() {
  const shown = document.getElementById("timer");
  const timer = current && current.view && current.view.timer;
  if (!timer || timerEnds === null) { shown.hidden = true; return; }
  const left = Math.max(0, (timerEnds - Date.now()) / 1000);
  shown.hidden = false;
  document.getElementById("timer-left").textContent = String(Math.ceil(left));
  const lit = timer.seconds > 0 ? Math.ceil((24 * left) / timer.seconds) : 0;
  Array.from(ring().childNodes).forEach((light, i) => light.setAttribute("class", i < lit ? "lit" : ""));
}
setInterval(tick, 250);

// ---- the box's socket ---------------------------------------------------------------

async function texts(lang) {
  if (lang === textsLang) return;
  T = await (await fetch(`/tv/texts/${lang}.json`)).json();
  textsLang = lang;
  document.documentElement.lang = lang;
}

async function receive(message) {
  if (message.type !== "tv") return;
  await texts(message.lang);
  current = message;
  const timer = message.view && message.view.timer;
  timerEnds = timer ? Date.now() + 1000 * timer.left : null;
  draw();
  tick();
  document.body.dataset.version = String(message.version);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = asked ? `?lang=${encodeURIComponent(asked)}` : "";
  const socket = new WebSocket(`${scheme}://${location.host}/tv/ws${query}`);
  let queue = Promise.resolve();
  socket.onopen = () => { online = true; };
  // In order, one after the other; a message that fails (its words out of reach) is
  // dropped, never the ones after it: the next state draws the page again.
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    queue = queue.then(() => receive(message)).catch(() => {});
  };
  socket.onclose = () => {
    online = false;
    if (textsLang) draw();
    setTimeout(connect, 1000);
  };
}

// The games' drawings come after this file: the page starts once every one has registered.
document.addEventListener("DOMContentLoaded", connect);
// A window resized (a laptop's browser) draws again, and fits its stage again.
addEventListener("resize", () => { if (current) draw(); });
