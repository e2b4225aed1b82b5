// Gambo on the big screen: the board (both start rows and the central row), the move
// just played and its duel, the pieces each side took, who is to move.
// tv.js comes first: registerTv.
"use strict";
(() => {
  function square(g, index, touched, ctx) {
    const piece = g.board[index];
    const name = g.squares[index];
    // A piece in its side's seat's colour (side 0 is the first seat), as the scores show it.
    const classes = ["square", piece ? `piece seat-${piece[0]}` : "", touched.has(name) ? "touched" : ""];
    return ctx.el("div", { class: classes.join(" "), "data-square": name, "data-piece": piece ? piece[1] : "" }, piece ? piece[1] : "");
  }

  function board(g, ctx) {
    const touched = new Set(g.last ? g.last.squares : []);
    const row = (from, to, columns) => ctx.el("div", { class: "board", "data-columns": columns }, ...Array.from({ length: to - from }, (_, i) => square(g, from + i, touched, ctx)));
    const grid = ctx.el("div", { id: "board", class: "board" },
      row(0, 9, 9), row(18, 36, 18), row(9, 18, 9));
    return grid;
  }

  function last(g, ctx) {
    const l = g.last;
    if (!l) return null;
    if (l.kind === "duel") return ctx.el("p", { id: "last-move", class: "big", "data-kind": l.kind }, ctx.t("duel", { winner: ctx.seatName(l.winner), points: l.points }), ` (${l.pieces.map((p) => p[1]).join(" × ")})`);
    return ctx.el("p", { id: "last-move", class: "big", "data-kind": l.kind }, ctx.t(l.kind, { seat: ctx.seatName(l.seat) }), ` — ${l.notation}`);
  }

  function taken(g, ctx) {
    return ctx.el("div", { id: "taken", class: "row" }, ...g.seats.map((seat) => ctx.el("span", { class: "row" },
      ctx.badge(seat), ctx.el("span", { class: "muted" }, ctx.t("taken", { pieces: (g.taken[seat] || []).map((p) => p[1]).join(" ") || "—" })))));
  }

  function render(g, view, ctx) {
    const next = view.thinking ? ctx.t("thinking") : ctx.t("to_play", { seat: ctx.seatName(g.to_move) });
    const mover = g.to_move ? ctx.el("p", { id: "to-move", class: "big" + (view.thinking ? " muted" : "") }, next) : null;
    return ctx.el("div", { id: "gambo" },
      ctx.el("p", { class: "big" }, ctx.t("duels", { count: g.duels })),
      board(g, ctx), last(g, ctx), mover, taken(g, ctx));
  }

  registerTv("gambo", { render });
})();
