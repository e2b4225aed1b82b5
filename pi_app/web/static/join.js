// The join page: the secret comes from the box's QR code (/j/SECRET); a free seat gives
// this phone a token of its own, kept in localStorage so a reload finds the seat again.
"use strict";
const secret = decodeURIComponent(location.pathname.split("/").pop());
const LANGS = ["fr", "de", "en"];
let lang = localStorage.getItem("lang") || (navigator.language || "fr").slice(0, 2);
if (!LANGS.includes(lang)) lang = "fr";
let T = {};

function t(key, params) {
  return (T[key] || key).replace(/\{(\w+)\}/g, (_, k) => (params && k in params ? params[k] : ""));
}

async function loadTexts() {
  T = await (await fetch(`/texts/${lang}.json`)).json();
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-text]").forEach((el) => { el.textContent = t(el.dataset.text); });
}

function say(text, bad) {
  const box = document.getElementById("status");
  box.hidden = false;
  box.textContent = text;
  box.className = "status" + (bad ? " bad" : "");
}

async function loadSeats() {
  const answer = await fetch(`/api/seats?secret=${encodeURIComponent(secret)}`, { headers: { "Accept-Language": lang } });
  const body = await answer.json();
  if (!body.ok) { say(body.message, true); return; }
  document.getElementById("game").textContent = body.game || t("no_game");
  const list = document.getElementById("seats");
  list.textContent = "";
  for (const seat of body.seats) {
    const button = document.createElement("button");
    button.textContent = seat.held ? `${seat.name} (${t("held")})` : seat.name;
    button.disabled = seat.held;
    button.dataset.seat = seat.name;
    button.onclick = () => claim(seat.name);
    list.appendChild(button);
  }
}

async function claim(seat) {
  say(t("joining"));
  const answer = await fetch("/api/claim", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": lang },
    body: JSON.stringify({ secret, seat }),
  });
  const body = await answer.json();
  if (!body.ok) { say(body.message, true); loadSeats(); return; }
  localStorage.setItem("seatToken", body.token);
  localStorage.setItem("joinSecret", secret);
  localStorage.removeItem("watch");
  location.href = "/play";
}

document.getElementById("watch").onclick = () => {
  localStorage.setItem("joinSecret", secret);
  localStorage.removeItem("seatToken");
  localStorage.setItem("watch", "1");
  location.href = "/play";
};
const picker = document.getElementById("lang");
picker.value = lang;
picker.onchange = async () => { lang = picker.value; localStorage.setItem("lang", lang); await loadTexts(); loadSeats(); };
// A code the host made for one seat (#Seat) seats this phone there at once.
const assigned = decodeURIComponent(location.hash.slice(1));
loadTexts().then(() => (assigned ? claim(assigned) : loadSeats()));
