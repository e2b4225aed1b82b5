// The home on the host's phone (pi_app/web/host_home.py): the game at the table and
// Pause; a new game (the game, the names typed, its options as the box's home offers
// them, Start); the unfinished games, each with Resume and Abandon (asked first). The
// page is drawn again at every message from the box: what the host is typing is kept
// here, between two drawings, never in the box.
"use strict";
(() => {
  const draft = { game: null, names: [], picks: {}, selected: 0 };
  let abandoning = null;  // the unfinished game whose abandon waits for the host's yes

  function when(seconds) {
    if (typeof seconds !== "number") return "";
    return new Date(seconds * 1000).toLocaleString(undefined, { weekday: "short", hour: "2-digit", minute: "2-digit" });
  }

  function choose(game) {
    draft.game = game.name;
    draft.names = game.seats.slice();
    draft.picks = {};
    for (const option of game.options) draft.picks[option.key] = option.pick;
    draft.selected = 0;
  }

  function offered(option, game) {
    if (!option.only_with) return true;
    const [key, index] = option.only_with;
    return !game.options.some((other) => other.key === key) || draft.picks[key] === index;
  }

  function newGame(data, ctx) {
    const { el, t } = ctx;
    const part = el("div", { id: "home-new" }, el("h3", {}, t("new")));
    if (data.games === null) return part.append(el("p", { class: "small" }, t("reading"))), part;
    if (!data.games.length) return part.append(el("p", { class: "small" }, t("no_games"))), part;
    const choices = el("div", { class: "choices" });
    for (const game of data.games) {
      choices.append(el("button", {
        class: game.name === draft.game ? "on" : "", id: `home-game-${game.name}`,
        onclick: () => { choose(game); redraw(); },
      }, game.title));
    }
    part.append(choices);
    const game = data.games.find((found) => found.name === draft.game);
    if (!game) return part;
    part.append(el("h3", {}, game.seated_by));
    draft.names.forEach((name, index) => {
      const input = el("input", {
        id: `home-seat-${index}`, value: name, maxlength: "40", autocomplete: "off",
        class: index === draft.selected ? "on" : "", "aria-label": `${t("seats")} ${index + 1}`,
      });
      input.oninput = () => { draft.names[index] = input.value; };
      input.onfocus = () => { draft.selected = index; };
      part.append(el("div", { class: "seat" }, input));
    });
    const count = draft.names.length;
    part.append(el("div", { class: "row" },
      el("button", { id: "home-add", disabled: count >= game.high, onclick: () => { draft.names.push(""); draft.selected = count; redraw(); } }, t("add")),
      el("button", { id: "home-remove", disabled: count <= game.low, onclick: () => { draft.names.pop(); draft.selected = Math.min(draft.selected, count - 2); redraw(); } }, t("remove"))));
    const free = data.players.filter((name) => !draft.names.some((typed) => typed.trim().toLowerCase() === name.toLowerCase()));
    if (free.length) {
      part.append(el("h3", {}, t("players")));
      const known = el("div", { class: "choices" });
      for (const name of free.slice(0, 12)) {
        known.append(el("button", { onclick: () => {
          draft.names[draft.selected] = name;
          draft.selected = Math.min(draft.selected + 1, draft.names.length - 1);
          redraw();
        } }, name));
      }
      part.append(known);
    }
    const options = game.options.filter((option) => offered(option, game));
    if (options.length) part.append(el("h3", {}, t("options")));
    for (const option of options) {
      const select = el("select", { id: `home-option-${option.key}` },
        ...option.names.map((name, index) => el("option", { value: String(index), selected: index === draft.picks[option.key] }, name)));
      select.onchange = () => { draft.picks[option.key] = Number(select.value); redraw(); };
      part.append(el("label", { class: "option" }, option.label, select));
    }
    part.append(el("button", { id: "home-start", class: "primary wide", onclick: () => {
      const picks = {};
      for (const option of game.options) if (offered(option, game)) picks[option.key] = draft.picks[option.key];
      ctx.send("new_game", { name: game.name, seats: draft.names.slice(), picks }).then((reply) => {
        if (reply.ok) draft.game = null;
        redraw();
      });
    } }, t("start")));
    return part;
  }

  function atTable(data, ctx) {
    const { el, t } = ctx;
    const part = el("div", { id: "home-table" }, el("h3", {}, t("at_table")));
    if (!data.table) return part.append(el("p", {}, t("none_at_table"))), part;
    part.append(el("p", {}, `${data.table.game} · ${data.table.seats.join(", ")}`),
      el("button", { id: "home-pause", class: "wide", onclick: () => ctx.send("pause", {}) }, t("pause")));
    return part;
  }

  function unfinished(data, ctx) {
    const { el, t } = ctx;
    const part = el("div", { id: "home-unfinished" }, el("h3", {}, t("unfinished")));
    if (!data.unfinished.length) return part.append(el("p", { class: "small" }, t("no_unfinished"))), part;
    for (const game of data.unfinished) {
      const seats = game.seats.join(", ");
      const row = el("div", { class: "listed", id: `home-game-id-${game.id}` },
        el("p", {}, el("b", {}, game.game), ` · ${seats}`), el("p", { class: "small" }, when(game.when)));
      if (abandoning === game.id) {
        row.append(el("p", { class: "status bad" }, t("confirm", { game: game.game, seats })),
          el("div", { class: "row" },
            el("button", { class: "primary", id: `home-abandon-yes-${game.id}`, onclick: () => {
              abandoning = null;
              ctx.send("abandon", { game_id: game.id }).then(redraw);
            } }, t("abandon")),
            el("button", { id: `home-abandon-no-${game.id}`, onclick: () => { abandoning = null; redraw(); } }, t("cancel"))));
      } else {
        row.append(el("div", { class: "row" },
          el("button", { id: `home-resume-${game.id}`, disabled: game.at_table, onclick: () => ctx.send("resume", { game_id: game.id }) }, t("resume")),
          el("button", { id: `home-abandon-${game.id}`, onclick: () => { abandoning = game.id; redraw(); } }, t("abandon"))));
      }
      part.append(row);
    }
    return part;
  }

  let again = null;  // draws the panel again in its place, from the last view
  function redraw() { if (again) again(); }

  registerHostPanel("home", {
    render(container, data, ctx) {
      const draw = (into) => {
        into.replaceChildren(ctx.el("h2", {}, ctx.t("title")), atTable(data, ctx), newGame(data, ctx), unfinished(data, ctx));
      };
      again = () => {
        const focused = document.activeElement && document.activeElement.id;
        draw(container);
        const field = focused && document.getElementById(focused);
        if (field && field.tagName === "INPUT") field.focus({ preventScroll: true });
      };
      if (!(data.games || []).some((game) => game.name === draft.game)) draft.game = null;
      draw(container);
    },
  });
})();
