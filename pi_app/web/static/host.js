// The host's page: the table as the host sees it, and what the host does, over one
// websocket opened with the host's key. The key comes in the link's fragment (#KEY),
// which no request carries; the page keeps it for this tab only and takes it out of
// the address bar at once. The box decides everything: this page shows what it sends
// and sends what the host tapped, with the game and the step it was shown, so a tap
// on a view the table has moved past is refused with what changed.
// What a game or a panel shows and sends is its own: its script, static/host/<name>.js
// (the server sends every one after this file), registers it (`registerHostGame`,
// `registerHostPanel`), and the page draws the message's `play` with the part the
// message's `game` names, each panel's view with its own part. This file names no game.
"use strict";
const LANGS = ["fr", "de", "en"];
let lang = localStorage.getItem("hostLang") || (navigator.language || "fr").slice(0, 2);
if (!LANGS.includes(lang)) lang = "fr";
let TEXTS = { shared: {}, games: {}, panels: {} };
let socket = null;
let view = null;  // the box's last message to the host
let confirming = null;  // { kind, words, step, game }: undo or redo waiting for the host's yes
let timerEnds = null;
let nextId = 1;
let stopped = false;  // the box refused the key: no more tries
const pending = new Map();  // request id -> resolve({ok, message})
const idPrefix = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, "0")).join("");
const hostGames = new Map();  // a game's record name -> its part of the host's page
const hostPanels = new Map();  // a panel's name -> its part of the host's page

// A part of the page: `part.render(container, data, ctx)` draws into `container` (a
// fresh element each time) from `data` (the game's or the panel's view).
function registerHostGame(name, part) { hostGames.set(name, part); }
function registerHostPanel(name, part) { hostPanels.set(name, part); }

const key = (() => {
  const given = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : "";
  if (given) {
    sessionStorage.setItem("hostKey", given);
    history.replaceState(null, "", location.pathname + location.search);
  }
  return given || sessionStorage.getItem("hostKey") || "";
})();

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (_, k) => (params && k in params ? params[k] : ""));
}

function t(key, params) {
  const text = TEXTS.shared[key];
  return fill(text === undefined ? key : text, params);
}

// A part's own words (its `texts`), falling back to the shared ones.
function wordsOf(own) {
  return (key, params) => (own && key in own ? fill(own[key], params) : t(key, params));
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === "onclick") node.onclick = value;
    else if (name === "class") node.className = value;
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function say(text, kind) {
  const box = document.getElementById("status");
  box.hidden = !text;
  box.textContent = text || "";
  box.className = "status" + (kind ? " " + kind : "");
}

async function loadTexts() {
  TEXTS = await (await fetch(`/host/texts/${lang}.json`)).json();
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-text]").forEach((node) => { node.textContent = t(node.dataset.text); });
  document.querySelectorAll("[data-label]").forEach((node) => { node.setAttribute("aria-label", t(node.dataset.label)); });
}

// ---- the box: the socket, requests and their replies --------------------------------

// Send a request made on `step` of game `game` (the view's, by default); a Promise of
// the box's reply, said in the status line too.
function request(kind, fields, step, game) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    say(t("offline"), "bad");
    return Promise.resolve({ ok: false, message: t("offline") });
  }
  const id = `${idPrefix}-${nextId++}`;
  const message = Object.assign({}, fields || {}, {
    type: kind, id, lang,
    game: game !== undefined ? game : (view ? view.game_id : null),
    step: step !== undefined ? step : (view ? view.step : null),
  });
  socket.send(JSON.stringify(message));
  return new Promise((resolve) => pending.set(id, resolve));
}

function connect() {
  if (!key) { say(t("no_key"), "bad"); return; }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/host/ws`);
  socket.onopen = () => { say(""); socket.send(JSON.stringify({ type: "hello", key, lang })); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    for (const [, resolve] of pending) resolve({ ok: false, message: t("offline") });
    pending.clear();
    if (stopped || event.code === 4403) return;  // the key is not the box's: its words stay
    say(t("offline"), "bad");
    setTimeout(connect, 1000);
  };
}

function receive(message) {
  if (message.type === "host") {
    view = message;
    timerEnds = view.timer ? Date.now() + 1000 * view.timer.left : null;
    if (confirming && (confirming.step !== view.step || confirming.game !== view.game_id)) confirming = null;
    render();
  } else if (message.type === "reply") {
    const resolve = pending.get(message.id);
    pending.delete(message.id);
    say(message.ok ? (message.message || t("done")) : message.message, message.ok ? "good" : "bad");
    if (resolve) resolve({ ok: message.ok, message: message.message });
  } else if (message.type === "unknown") {
    stopped = true;
    sessionStorage.removeItem("hostKey");
    say(message.message, "bad");
    view = null;
    render();
  }
}

// ---- drawing ------------------------------------------------------------------------

function ctxFor(own) {
  return { send: (kind, fields) => request(kind, fields), t: wordsOf(own), el, view, lang };
}

// A part drawn into a fresh container; a part that fails leaves the rest of the page.
function drawn(part, data, own, id) {
  const container = el("div", { class: "part", id });
  try { part.render(container, data, ctxFor(own)); } catch (error) { console.error(error); }
  return container;
}

function render() {
  const scrolled = window.scrollY;
  const focused = document.activeElement && document.activeElement.id;
  document.getElementById("heading").textContent = view && view.summary ? view.summary.title : t("title");
  document.getElementById("no-screen").hidden = !view || view.screen !== false;
  gamePart();
  panels();
  scores();
  roundButtons();
  tick();
  window.scrollTo(0, scrolled);
  const field = focused && document.getElementById(focused);
  if (field && (field.tagName === "INPUT" || field.tagName === "TEXTAREA")) field.focus({ preventScroll: true });
}

function gamePart() {
  const section = document.getElementById("game-part");
  const over = document.getElementById("over");
  over.hidden = true;
  if (!view || !view.game) {
    section.replaceChildren(el("p", {}, view ? t("no_game") : (stopped ? "" : t("connecting"))));
    return;
  }
  const sum = view.summary || {};
  if (sum.finished) {
    const winners = (sum.winners || []).map(shownSeat).join(", ");
    over.textContent = winners ? t("won", { winners }) : t("game_over");
    over.hidden = false;
  }
  const part = hostGames.get(view.game);
  section.replaceChildren(part && view.play ? drawn(part, view.play, TEXTS.games[view.game], "host-game") : "");
}

function panels() {
  const shown = [];
  for (const [name, data] of Object.entries((view && view.panels) || {})) {
    const part = hostPanels.get(name);
    if (!part) continue;
    shown.push(el("section", { class: "panel", id: `panel-${name}` },
      drawn(part, data, TEXTS.panels[name], null)));
  }
  document.getElementById("panels").replaceChildren(...shown);
}

function shownSeat(seat) {
  return ((view && view.summary && view.summary.names) || {})[seat] || seat;
}

function scores() {
  const sum = (view && view.summary) || {};
  const table = document.getElementById("scores");
  table.replaceChildren(...Object.entries(sum.scores || {}).map(([seat, score]) =>
    el("tr", {}, el("td", {}, shownSeat(seat)), el("td", { class: "n" }, String(score)))));
  document.getElementById("history").replaceChildren(...(sum.rounds || []).map((round, index) =>
    el("p", { class: "round" }, `${index + 1}. `, ...Object.entries(round.scores || {}).map(([seat, score]) =>
      el("span", { class: "tag" }, `${shownSeat(seat)} ${score}`)))));
}

// Next with what it will do; Undo and Redo ask first, saying what they take back.
function roundButtons() {
  const playing = Boolean(view && view.game);
  document.getElementById("round").hidden = !playing;
  const next = document.getElementById("next");
  const words = playing ? view.next : null;
  next.disabled = words === null || words === undefined;
  next.onclick = () => request("next");
  document.getElementById("next-does").textContent = playing ? (next.disabled ? t("waits") : t("next_does", { words })) : "";
  for (const kind of ["undo", "redo"]) {
    const button = document.getElementById(kind);
    const said = playing ? view[kind] : null;
    button.disabled = said === null || said === undefined;
    button.dataset.words = said || "";
    button.onclick = () => ask(kind, said || t("last_action"));
  }
  confirmBox();
}

function ask(kind, words) {
  confirming = { kind, words, step: view.step, game: view.game_id };
  confirmBox();
}

function confirmBox() {
  const box = document.getElementById("confirm");
  box.hidden = !confirming;
  if (!confirming) { box.replaceChildren(); return; }
  const { kind, words, step, game } = confirming;
  box.replaceChildren(
    el("p", { id: "confirm-words" }, t(`${kind}_asks`, { words })),
    el("div", { class: "row" },
      el("button", { id: "confirm-yes", class: "primary", onclick: () => { confirming = null; confirmBox(); request(kind, {}, step, game); } }, t("yes")),
      el("button", { id: "confirm-no", onclick: () => { confirming = null; confirmBox(); } }, t("no"))));
}

function tick() {
  const shown = document.getElementById("timer");
  const left = timerEnds === null ? 0 : Math.max(0, Math.ceil((timerEnds - Date.now()) / 1000));
  shown.hidden = timerEnds === null;
  shown.textContent = t("timer", { left });
}
setInterval(tick, 250);

function pickLanguage() {
  const picker = document.getElementById("lang");
  picker.value = lang;
  picker.onchange = async () => {
    lang = picker.value;
    localStorage.setItem("hostLang", lang);
    await loadTexts();
    render();
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "lang", lang }));
  };
}

// The parts come after this file: the page starts once every one has registered.
document.addEventListener("DOMContentLoaded", () => {
  pickLanguage();
  loadTexts().then(() => { render(); connect(); });
});
