// Gambo on the host's phone: the board as the box's screen staggers it (rulings R9:
// B's start row, the central row's odd then even squares, A's start row), the scores
// and the pairs each side took. The host taps a piece of the side to move, then one of
// the squares the rules let it reach (`data.targets`); the computer's side is never
// the host's to move: while it is to move, the page says it is thinking.
// Pieces are shapes, as on the screen: an elephant a disc, a cat a triangle, a mouse a
// diamond, with a pip per strength. Looks are set through each node's style object
// (the page's policy refuses style attributes). host.js comes first: registerHostGame.
"use strict";
(() => {
  const COLOURS = ["#e69f00", "#56b4e9"];
  const SHAPES = { E: '<circle cx="14" cy="15" r="12"/>', C: '<polygon points="14,2 27,28 1,28"/>',
    M: '<polygon points="14,1 28,15 14,29 0,15"/>' };
  const PAIR = "display: inline-block; margin-right: 8px; white-space: nowrap";  // a duel's take
  let chosen = { key: null, square: null };  // the piece picked, in this position only

  function look(node, css) {
    node.style.cssText = css;
    return node;
  }

  function pieceNode(ctx, code, side, css) {
    const n = Number(code[1]);
    let pips = "";
    for (let k = 0; k < n; k++) pips += `<circle cx="35" cy="${15 + (k - (n - 1) / 2) * 9}" r="3.5" fill="#eef1f5"/>`;
    const node = look(ctx.el("span", { class: "piece", "data-piece": code }), css);
    // made here from a piece's code and fixed shapes: no outside text goes in
    node.innerHTML = `<svg viewBox="0 0 40 30" width="100%" height="100%" aria-hidden="true"><g fill="${COLOURS[side]}">${SHAPES[code[0]]}</g>${pips}</svg>`;
    return node;
  }

  // Where each square stands in a grid of 19 half-square columns (R9's stagger).
  function place(name) {
    const row = name[0], i = Number(name.slice(1));
    if (row === "b") return [1, 2 + 2 * i];
    if (row === "a") return [4, 1 + 2 * i];
    return i % 2 ? [2, 1 + i] : [3, 1 + i];
  }

  function colours(g, name, move) {
    if (name === chosen.square) return ["#343a46", "#eef1f5"];
    if (move) return move.startsWith("duel") ? ["#64321a", "#ef6b6b"] : ["#5a5020", "#f2c14e"];
    return [name[0] === "c" ? "#343a46" : "#1f2530", g.last_squares.includes(name) ? "#cc79a7" : "transparent"];
  }

  function board(ctx, g, movable, pick) {
    const targets = movable && chosen.square ? (g.targets[chosen.square] || {}) : {};
    const squares = [];
    for (const [row, count] of [["b", 9], ["c", 18], ["a", 9]]) {
      for (let i = 0; i < count; i++) {
        const name = `${row}${i}`;
        const [line, column] = place(name);
        const piece = g.pieces[name];
        const [fill, edge] = colours(g, name, targets[name]);
        squares.push(look(ctx.el("button", { "data-square": name, "aria-label": name, onclick: () => pick(name) },
          piece ? pieceNode(ctx, piece[1], piece[0], "display: block; width: 100%; height: 28px") : null,
          look(ctx.el("span", {}, name), "font-size: 10px; color: #9aa4b2; line-height: 1")),
        `grid-row: ${line}; grid-column: ${column} / span 2; min-height: 0; height: 46px; padding: 2px;`
          + ` border-radius: 6px; background: ${fill}; outline: 3px solid ${edge}; outline-offset: -3px;`
          + " display: flex; flex-direction: column; align-items: center; justify-content: center"));
      }
    }
    return look(ctx.el("div", { id: "board" }, ...squares),
      "display: grid; grid-template-columns: repeat(19, 1fr); gap: 3px; margin: 8px 0");
  }

  function sides(ctx, g, names) {
    const small = "display: inline-block; width: 20px; height: 15px";
    return ctx.el("div", { class: "row", id: "sides" }, ...[0, 1].map((side) => look(ctx.el("div", { "data-side": g.sides[side] },
      look(ctx.el("div", {}, `${names[side]} (${g.sides[side]})`), `color: ${COLOURS[side]}; font-weight: 600`),
      ctx.el("div", {}, ctx.el("strong", { class: "score" }, String(g.scores[side])), " ",
        ...g.taken[side].map(([own, lost]) => look(ctx.el("span", { class: "pair" },
          pieceNode(ctx, own, side, small), pieceNode(ctx, lost, 1 - side, small)), PAIR)))),
    "flex: 1 1 0; padding: 6px 8px; border-radius: 10px; background: #1f2530;"
      + ` border: 2px solid ${side === g.to_move ? "#f2c14e" : "transparent"}`)));
  }

  function hintOf(ctx, g, names, thinking) {
    if (g.finished) return ctx.t("won", { player: names[g.winner] });
    if (thinking) return ctx.t("thinking");
    if (g.must_pass) return ctx.t("no_move");
    return `${ctx.t("to_move", { player: names[g.to_move] })} — ${ctx.t(chosen.square ? "pick_square" : "pick_piece")}`;
  }

  function draw(container, g, ctx) {
    const redraw = () => draw(container, g, ctx);
    const key = `${ctx.view.game_id}/${ctx.view.step}`;
    if (chosen.key !== key) chosen = { key, square: null };
    const computer = (ctx.view.summary && ctx.view.summary.names) || {};
    const names = g.seats.map((seat) => computer[seat] || seat);
    const thinking = g.to_move !== null && computer[g.seats[g.to_move]] !== undefined;
    const movable = !g.finished && !thinking;
    const pick = (name) => {
      if (!movable) return;
      const move = chosen.square && (g.targets[chosen.square] || {})[name];
      if (move) { chosen.square = null; ctx.send("move", { move }); return; }
      chosen.square = g.targets[name] && name !== chosen.square ? name : null;
      redraw();
    };
    const parts = [sides(ctx, g, names), board(ctx, g, movable, pick),
      ctx.el("p", { id: "hint", class: "status" + (g.finished ? " good" : "") }, hintOf(ctx, g, names, thinking))];
    if (movable && g.must_pass) parts.push(ctx.el("button", { id: "pass", class: "primary wide", onclick: () => ctx.send("move", { move: "pass" }) }, ctx.t("pass")));
    if (g.moves.length) {
      parts.push(ctx.el("h2", {}, ctx.t("moves")),
        ctx.el("div", { id: "moves" }, ...g.moves.map((line) => look(ctx.el("p", { class: "small" }, line), "margin: 4px 0"))));
    }
    container.replaceChildren(ctx.el("div", { id: "gambo", "data-played": g.played, "data-to-move": g.to_move === null ? "" : g.sides[g.to_move] }, ...parts));
  }

  registerHostGame("gambo", { render: draw });
})();
