// The join page: the secret comes from the box's QR code (/j/SECRET); a free seat gives
// this phone a token of its own, kept in localStorage so a reload finds the seat again.
// common.js comes first: lang, t, loadTexts, say, pickLanguage.
"use strict";
const secret = decodeURIComponent(location.pathname.split("/").pop());

async function loadSeats() {
  const answer = await fetch(`/api/seats?secret=${encodeURIComponent(secret)}`, { headers: { "Accept-Language": lang } });
  const body = await answer.json();
  if (!body.ok) { say(body.message, "bad"); return; }
  document.getElementById("game").textContent = body.game || t("no_game");
  const list = document.getElementById("seats");
  list.textContent = "";
  for (const seat of body.seats) {
    const button = document.createElement("button");
    const shown = seat.shown || seat.name; // the computer's seat in the phone's language
    button.textContent = seat.held ? `${shown} (${t("held")})` : shown;
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
  if (!body.ok) { say(body.message, "bad"); loadSeats(); return; }
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
pickLanguage(loadSeats);
// A code the host made for one seat (#Seat) seats this phone there at once.
const assigned = decodeURIComponent(location.hash.slice(1));
loadTexts().then(() => (assigned ? claim(assigned) : loadSeats()));
