// Gambo on a seated player's phone: the board as the box's screen staggers it (R9),
// the scores and the pairs taken; when its side is to move, the player taps one of
// their pieces, then a square the rules let it reach (`part.targets`, from the box),
// and the box plays the move as a tap on its screen. A spectator, or a player whose
// side waits, sees the board only. The shapes are the screen's: an elephant a disc, a
// cat a triangle, a mouse a diamond, a pip per strength. Looks are set through each
// node's style object (the page's policy refuses style attributes).
// play.js comes first: registerGame, el, send, render, t, shownSeat.
"use strict";
(() => {
  const INK = ["#e69f00", "#56b4e9"];
  const FORMS = { E: '<circle cx="14" cy="15" r="12"/>', C: '<polygon points="14,2 27,28 1,28"/>',
    M: '<polygon points="14,1 28,15 14,29 0,15"/>' };
  let picked = { at: null, square: null };  // this phone's piece picked, in one position

  function styled(node, css) {
    node.style.cssText = css;
    return node;
  }

  function shape(code, side, css) {
    const strength = Number(code[1]);
    const dots = Array.from({ length: strength }, (_, k) =>
      `<circle cx="35" cy="${15 + (k - (strength - 1) / 2) * 9}" r="3.5" fill="#eef1f5"/>`).join("");
    const node = styled(el("span", { class: "piece", "data-piece": code }), css);
    node.innerHTML = `<svg viewBox="0 0 40 30" width="100%" height="100%" aria-hidden="true"><g fill="${INK[side]}">${FORMS[code[0]]}</g>${dots}</svg>`;
    return node;
  }

  // A square's row and first half-column in a grid of 19 (B's row on top, A's below).
  function cellAt(name) {
    const index = Number(name.slice(1));
    const at = { b: [1, 2 + 2 * index], a: [4, 1 + 2 * index] }[name[0]];
    return at || (index % 2 ? [2, 1 + index] : [3, 1 + index]);
  }

  function squareLook(part, name, reach) {
    const move = reach[name];
    if (name === picked.square) return ["#343a46", "#eef1f5"];
    if (move) return move.startsWith("duel") ? ["#64321a", "#ef6b6b"] : ["#5a5020", "#f2c14e"];
    return [name[0] === "c" ? "#343a46" : "#1f2530", part.last_squares.includes(name) ? "#cc79a7" : "transparent"];
  }

  function grid(part, mine) {
    const reach = mine && picked.square ? (part.targets[picked.square] || {}) : {};
    const names = [...Array(9).keys()].map((i) => `b${i}`)
      .concat([...Array(18).keys()].map((i) => `c${i}`), [...Array(9).keys()].map((i) => `a${i}`));
    return styled(el("div", { id: "board" }, ...names.map((name) => {
      const [row, column] = cellAt(name);
      const [fill, ring] = squareLook(part, name, reach);
      const piece = part.pieces[name];
      return styled(el("button", { "data-square": name, "aria-label": name, onclick: () => tapped(part, mine, name) },
        piece ? shape(piece[1], piece[0], "display: block; width: 100%; height: 28px") : null,
        styled(el("span", {}, name), "font-size: 10px; color: #9aa4b2; line-height: 1")),
      `grid-row: ${row}; grid-column: ${column} / span 2; height: 46px; min-height: 0; padding: 2px; border-radius: 6px;`
        + ` background: ${fill}; outline: 3px solid ${ring}; outline-offset: -3px; display: flex; flex-direction: column;`
        + " align-items: center; justify-content: center");
    })), "display: grid; grid-template-columns: repeat(19, 1fr); gap: 3px; margin: 8px 0");
  }

  function tapped(part, mine, name) {
    if (!mine) return;
    const move = picked.square && (part.targets[picked.square] || {})[name];
    if (move) { picked.square = null; send({ type: "move", move }); return; }
    picked.square = part.targets[name] && name !== picked.square ? name : null;
    render();
  }

  function header(part) {
    const small = "display: inline-block; width: 20px; height: 15px";
    return el("div", { class: "row", id: "sides" }, ...[0, 1].map((side) => styled(el("div", { "data-side": part.sides[side] },
      styled(el("div", {}, `${shownSeat(part.seats[side])} (${part.sides[side]})`), `color: ${INK[side]}; font-weight: 600`),
      el("strong", { class: "score" }, String(part.scores[side])), " ",
      ...part.taken[side].map(([own, lost]) => styled(el("span", { class: "pair" }, shape(own, side, small), shape(lost, 1 - side, small)),
        "display: inline-block; margin-right: 8px; white-space: nowrap"))),
    "flex: 1 1 0; padding: 6px 8px; border-radius: 10px; background: #1f2530;"
      + ` border: 2px solid ${side === part.to_move ? "#f2c14e" : "transparent"}`)));
  }

  function draw(part, view, actions) {
    const at = `${view.game_id}/${part.moves.length}/${part.moves[0] || ""}/${part.to_move}`;
    if (picked.at !== at) picked = { at, square: null };
    const mine = !part.finished && part.side !== null && part.side === part.to_move;
    let hint = part.finished ? "" : t("gambo_wait", { player: shownSeat(part.seats[part.to_move]) });
    if (mine && part.must_pass) hint = t("gambo_no_move");
    else if (mine) hint = t(picked.square ? "gambo_pick_square" : "gambo_pick_piece");
    if (mine && part.must_pass) actions.push(el("button", { class: "primary wide", id: "pass", onclick: () => send({ type: "move", move: "pass" }) }, t("gambo_pass")));
    return el("div", { id: "gambo", "data-played": part.played, "data-to-move": part.to_move === null ? "" : part.sides[part.to_move] },
      header(part), grid(part, mine), hint ? el("p", { id: "hint", class: "status" }, hint) : null,
      ...part.moves.map((line) => styled(el("p", { class: "small" }, line), "margin: 4px 0")));
  }

  registerGame("gambo", { render: draw, page: () => "board" });
})();
