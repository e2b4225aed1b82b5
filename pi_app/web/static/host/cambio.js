// Cambio on the host's phone: the round's steps (deal, open trading, the bell), who
// rang, a false ring, the hand shown and its scoring, the target (the page shows the
// totals), every round in words; for a tournament, a
// tab per table and the standings across tables and boxes (read only). The box decides
// everything: this draws `data` (the game's HostPlay.view) and sends the host's taps.
// host.js comes first: registerHostGame.
"use strict";
// The part both record names draw with: a single table's game, and a tournament's
// (static/host/cambio-tournament.js registers it under the tournament's name).
const cambioTables = {};
(() => {
  let tableChosen = 0;  // the tournament's table on this phone (a stopped one comes first)
  let form = { key: null, currency: 0, hand: "9", places: {} };  // the hand being entered

  // The table shown: the one chosen, unless another's bell stopped everything.
  function shownTable(data) {
    const tables = data.tables;
    tableChosen = Math.min(tableChosen, tables.length - 1);
    const stopped = (i) => ["stopped", "rung"].includes(tables[i].phase);
    if (stopped(tableChosen)) return tableChosen;
    const found = tables.findIndex((table, i) => stopped(i));
    return found >= 0 ? found : tableChosen;
  }

  // The hand form is this ringer's, in this round at this table: a new ringer starts afresh.
  function formFor(ctx, index, table) {
    const key = `${ctx.view.game_id}/${index}/${table.round}/${table.rung_by}`;
    if (form.key !== key) form = { key, currency: 0, hand: table.hands[0][0], places: {} };
    return form;
  }

  function button(ctx, label, attrs, onclick) {
    return ctx.el("button", Object.assign({ onclick }, attrs), label);
  }

  // A node's own look, set through its style object: the page's policy refuses style
  // attributes, not what a script sets.
  function look(node, css) {
    node.style.cssText = css;
    return node;
  }

  function seatButtons(ctx, table, fields) {
    return ctx.el("div", { class: "seats" }, ...table.seats.map((seat, i) => button(ctx, seat,
      { "data-seat": seat, id: `ring-${i}` }, () => ctx.send("ring", Object.assign({ seat }, fields)))));
  }

  // Where a CAMBIO card may be with the hand chosen (null: in the winning hand).
  function cardPlace(ctx, table, f, card, name) {
    const hand = table.hands.find(([code]) => code === f.hand);
    const places = hand[2][card];
    if (!places.includes(f.places[card])) f.places[card] = places[0];
    const select = ctx.el("select", { id: `holder-${card}`, "aria-label": name },
      ...places.map((place) => {
        const option = ctx.el("option", { value: place === null ? "" : place },
          place === null ? ctx.t("in_hand") : place);
        option.selected = place === f.places[card];
        return option;
      }));
    select.onchange = () => { f.places[card] = select.value === "" ? null : select.value; };
    look(select, "flex: 1 1 0; min-width: 0");
    return ctx.el("label", { class: "row" }, look(ctx.el("span", {}, name), "flex: 0 0 auto"), select);
  }

  function handForm(ctx, index, table, fields, redraw) {
    const f = formFor(ctx, index, table);
    const choice = (label, on, attrs, pick) => button(ctx, label,
      Object.assign({ class: on ? "primary" : "" }, attrs), () => { pick(); redraw(); });
    const parts = [
      ctx.el("h2", {}, ctx.t("currency")),
      look(ctx.el("div", { class: "modes" }, ...table.currencies.map(([name, value], i) =>
        choice(`${name} ${value}`, i === f.currency, { id: `currency-${i}` }, () => { f.currency = i; }))),
      "display: grid; grid-template-columns: 1fr 1fr"),
    ];
    if (table.variant === "cambio") {
      parts.push(ctx.el("h2", {}, ctx.t("hand")),
        ctx.el("div", {}, ...table.hands.map(([code, label]) =>
          look(choice(label, code === f.hand, { id: `hand-${code}` }, () => { f.hand = code; }),
            "margin: 4px 0; width: 100%"))),
        ...table.cards.map(([card, name]) => cardPlace(ctx, table, f, card, name)));
    }
    const show = () => {
      const holding = {};
      for (const [card] of table.cards) holding[card] = f.places[card] === undefined ? null : f.places[card];
      return ctx.send("show", Object.assign({ currency: table.currencies[f.currency][0], hand: f.hand, holding }, fields));
    };
    parts.push(ctx.el("div", { class: "row" },
      button(ctx, ctx.t("false_ring"), { id: "false-ring" }, () => ctx.send("false_ring", fields)),
      button(ctx, ctx.t("show"), { id: "show", class: "primary" }, show)));
    return parts;
  }

  // The round's part: what the phase lets the host do now.
  function roundPart(ctx, index, table, fields, redraw) {
    const head = ctx.el("p", { id: "phase", "data-phase": table.phase },
      ctx.el("strong", {}, table.title), ctx.el("br"), table.phase_words);
    const parts = [head, ...table.false_rings.map((line) => ctx.el("p", { class: "status bad" }, line))];
    if (table.ten_cards) parts.push(ctx.el("p", { class: "small" }, table.ten_cards));
    if (table.phase === "deal") {
      if (table.sheet.length) parts.push(ctx.el("div", { id: "sheet", class: "status good" },
        ...table.sheet.map((line) => ctx.el("div", {}, line))));
      parts.push(button(ctx, ctx.t("deal"), { id: "deal", class: "primary wide" }, () => ctx.send("deal", fields)));
    } else if (table.phase === "study") {
      parts.push(button(ctx, ctx.t("open"), { id: "open", class: "primary wide" }, () => ctx.send("open", fields)));
    } else if (table.phase === "trading") {
      parts.push(look(button(ctx, ctx.t("bell"), { id: "bell", class: "wide" }, () => ctx.send("bell", fields)),
        "background: #c62828"), ctx.el("h2", {}, ctx.t("who_rang")), seatButtons(ctx, table, fields));
    } else if (table.phase === "stopped") {
      parts.push(ctx.el("h2", {}, ctx.t("who_rang")), seatButtons(ctx, table, fields));
    } else if (table.phase === "rung") {
      parts.push(ctx.el("p", { id: "rang", class: "status bad" }, table.rang), ...handForm(ctx, index, table, fields, redraw));
    }
    return parts;
  }

  function standings(ctx, data) {
    return [ctx.el("h2", {}, ctx.t("standings")),
      ctx.el("table", { id: "standings" }, ...data.standings.map((row) => ctx.el("tr", {},
        ctx.el("td", {}, row.player),
        ctx.el("td", { class: "small" }, row.table === null ? "" : ctx.t("table", { n: row.table + 1 })),
        ctx.el("td", { class: "small" }, row.wins ? ctx.t("wins", { wins: row.wins }) : ""),
        ctx.el("td", { class: "n" }, String(row.score)))))];
  }

  function draw(container, data, ctx) {
    if (!data.tables) return;  // a tournament across boxes before its settings arrive
    const redraw = () => draw(container, data, ctx);
    const tournament = data.standings !== undefined;
    const index = tournament ? shownTable(data) : 0;
    const table = data.tables[index];
    const fields = tournament ? { table: index } : {};
    const parts = [];
    if (tournament && data.tables.length > 1) {
      parts.push(ctx.el("div", { class: "modes", id: "tables" }, ...data.tables.map((t, i) => button(ctx,
        ctx.t("table", { n: i + 1 }), { class: i === index ? "on" : "", id: `table-${i}` },
        () => { tableChosen = i; redraw(); }))));
    }
    (data.moves || []).forEach((line) => parts.push(ctx.el("p", { class: "status" }, line)));
    if (data.over) parts.push(ctx.el("p", { id: "over", class: "status good" }, ctx.t("over")));
    else parts.push(...roundPart(ctx, index, table, fields, redraw));
    if (data.target) parts.push(ctx.el("p", { id: "target", class: "small" }, ctx.t("target", { target: data.target })));
    if (tournament) parts.push(...standings(ctx, data));
    if ((data.history || []).length) {
      parts.push(ctx.el("h2", {}, ctx.t("rounds")),
        ctx.el("div", { id: "rounds" }, ...data.history.slice().reverse().map((line) => ctx.el("p", { class: "small" }, line))));
    }
    container.replaceChildren(ctx.el("div", { id: "cambio", "data-phase": table.phase }, ...parts));
  }

  cambioTables.render = draw;
  registerHostGame("cambio", cambioTables);
})();
