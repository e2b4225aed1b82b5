// What the quiz games' parts of the host's page share (each game's own script uses it):
// the phones' keypad, drawn the phones' way; the round's heading; every seat's slate
// with a way to correct one before the answers are turned up; the true answer, typed on
// the keypad or the box's own. Each part keeps what the host is typing in a `desk`
// (`hostQuiz.desk()`), begun afresh when the round or its phase changes, and draws
// itself again (`desk.redraw`) when the host taps a key, between two of the box's
// messages. Sends go through the page (`ctx.send`): what the box says back is in the
// page's status line.
// host.js comes first: registerHostGame, and the `ctx` it gives each part.
"use strict";
const hostQuiz = (() => {
  // The host's typing and choices on one page of one round, and how to draw it again.
  function desk() {
    const state = { page: null, draft: "", editing: null, betting: null, last: null };
    state.begin = (page) => {
      if (page === state.page) return false;
      Object.assign(state, { page, draft: "", editing: null, betting: null });
      return true;
    };
    state.redraw = () => {
      if (!state.last) return;
      const { container, data, ctx, draw } = state.last;
      container.replaceChildren();
      draw(container, data, ctx);
    };
    // Send a request; once the box took it, what was typed for it is cleared.
    state.send = (ctx, kind, fields) => ctx.send(kind, fields).then((reply) => {
      if (reply && reply.ok) { state.draft = ""; state.editing = null; }
      state.redraw();
      return reply;
    });
    return state;
  }

  // The draft after a key: erase the last character, change the sign, or add the key.
  function typed(text, key) {
    if (key === "⌫") return text.slice(0, -1);
    if (key === "sign") return text.startsWith("-") ? text.slice(1) : ("-" + text).slice(0, 20);
    return (text + key).slice(0, 20);
  }

  // The phones' keypad: digits, the decimal mark of the page's language, h and : for
  // durations, % for percentages, the sign and erase; each key types into the desk.
  function keypad(ctx, state) {
    const mark = ctx.lang === "en" ? "." : ",";
    const keys = ["7", "8", "9", "⌫", "4", "5", "6", "h", "1", "2", "3", ":", "sign", "0", mark, "%"];
    const names = { sign: ctx.t("sign"), "⌫": ctx.t("erase") };
    return ctx.el("div", { class: "keypad", id: "keypad" }, ...keys.map((key) => ctx.el("button", {
      "data-key": key, "aria-label": names[key],
      onclick: () => { state.draft = typed(state.draft, key); state.redraw(); },
    }, key === "sign" ? "+/−" : key)));
  }

  // A number typed on the keypad: its label, the draft, the keys, then `buttons`.
  function entry(ctx, state, label, buttons) {
    return ctx.el("div", { class: "entry", id: "entry" },
      ctx.el("label", { for: "draft" }, label),
      ctx.el("div", { id: "draft", role: "status" }, state.draft || "\u00a0"),
      keypad(ctx, state),
      ctx.el("div", { class: "row" }, ...buttons));
  }

  // The round, and its question: the box's text, or which question of which card.
  function heading(g, ctx, card) {
    const parts = [ctx.el("p", { id: "host-round" }, ctx.el("strong", {}, ctx.t("round", { round: g.round, rounds: g.rounds })),
      g.question ? "" : ` — ${card}`)];
    if (g.question) parts.push(ctx.el("p", { id: "host-question", class: "question", lang: g.question.lang }, g.question.text));
    const open = g.phase !== "scored" && g.phase !== "paid";
    if (open) {
      parts.push(ctx.el("p", { id: "box-knows", class: "small", "data-knows": g.box_knows ? "yes" : "no" },
        ctx.t(g.box_knows ? "box_knows" : "card_truth")));
    }
    return parts;
  }

  // Every seat's slate (its team's tile), shown to the host only, each with "Correct":
  // the keypad opens for that seat, and its answer is written (again) on the box.
  function slates(g, ctx, state) {
    const rows = g.slates.map((s) => ctx.el("div", { class: "slate row", "data-seat": s.seat },
      ctx.el("span", { class: "who" }, s.seat),
      ctx.el("span", { class: "value" + (s.answer === null ? " none" : "") }, s.answer === null ? ctx.t("no_slate") : s.answer),
      ctx.el("button", { class: "correct", "data-seat": s.seat, onclick: () => { state.editing = s.seat; state.draft = ""; state.redraw(); } }, ctx.t("correct"))));
    const parts = [ctx.el("h3", {}, ctx.t("slates")), ctx.el("div", { id: "slates" }, ...rows)];
    if (state.editing !== null) {
      parts.push(entry(ctx, state, ctx.t("correcting", { seat: state.editing }), [
        ctx.el("button", { class: "primary", id: "write-slate", disabled: !state.draft,
          onclick: () => state.send(ctx, "slate", { seat: state.editing, typed: state.draft, locale: ctx.lang }) }, ctx.t("write")),
        ctx.el("button", { id: "cancel-slate", onclick: () => { state.editing = null; state.redraw(); } }, ctx.t("cancel"))]));
    }
    return parts;
  }

  // Turn the answers up (once every slate is written), or who is still writing.
  function reveal(g, ctx, state) {
    if (g.can.includes("reveal")) {
      return ctx.el("button", { class: "primary wide big", id: "reveal", onclick: () => state.send(ctx, "reveal", {}) }, ctx.t("reveal"));
    }
    const waiting = g.slates.filter((s) => s.answer === null).map((s) => s.seat).join(", ");
    return ctx.el("p", { id: "waiting", class: "status" }, ctx.t("waiting", { seats: waiting }));
  }

  // The true answer: the box's own when it asked the question; else typed from the card
  // on the keypad. `close` is offered while the bets are open (the screen's "rien ne va
  // plus"), with the box's answer when it knows it.
  function truth(g, ctx, state, closable) {
    if (g.box_knows) {
      const kind = closable ? "close" : "truth";
      return [ctx.el("button", { class: "primary wide big", id: kind, onclick: () => state.send(ctx, kind, {}) },
        ctx.t(closable ? "close" : "truth_box"))];
    }
    const buttons = [ctx.el("button", { class: "primary", id: "truth", disabled: !state.draft,
      onclick: () => state.send(ctx, "truth", { typed: state.draft, locale: ctx.lang }) },
    ctx.t(closable ? "close_truth" : "truth_typed", { answer: state.draft || "…" }))];
    const parts = [entry(ctx, state, ctx.t("truth_label"), buttons)];
    if (closable) parts.push(ctx.el("button", { class: "wide", id: "close", onclick: () => state.send(ctx, "close", {}) }, ctx.t("close")));
    return parts;
  }

  // The seats the host may bet for (those without a phone, or any): one tap picks one.
  function chooser(g, ctx, state) {
    return ctx.el("div", { class: "bet-for", id: "bet-for" }, ...g.seats.map((seat) => ctx.el("button", {
      class: "tag" + (state.betting === seat ? " done" : ""), "data-seat": seat,
      onclick: () => { state.betting = state.betting === seat ? null : seat; state.redraw(); },
    }, ctx.t("bet_for", { seat }))));
  }

  return { desk, entry, heading, slates, reveal, truth, chooser };
})();
