// The box's settings on the host's phone (pi_app/web/host_settings.py): its language,
// its sand timers (set in its configuration: shown), its question packs, and a pack
// file sent to the box (POST /host/pack, pi_app/web/host_upload.py) with the host's
// key, read there as `tabletop questions import` reads a file.
"use strict";
(() => {
  const upload = { file: null, name: "", sending: false, reply: null };
  let again = null;

  function stem(name) {
    const dot = name.lastIndexOf(".");
    return dot > 0 ? name.slice(0, dot) : name;
  }

  async function send(ctx) {
    if (!upload.file || upload.sending) return;
    upload.sending = true;
    upload.reply = null;
    if (again) again();
    const query = new URLSearchParams({ file: upload.file.name, name: upload.name || stem(upload.file.name), lang: ctx.lang });
    try {
      const response = await fetch(`/host/pack?${query}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${sessionStorage.getItem("hostKey") || ""}` },
        body: upload.file,
      });
      upload.reply = await response.json();
    } catch (error) {
      upload.reply = { ok: false, message: ctx.t("offline"), lines: [] };
    }
    upload.sending = false;
    if (upload.reply.ok) upload.file = null;
    if (again) again();
  }

  function packForm(ctx) {
    const { el, t } = ctx;
    const input = el("input", { type: "file", id: "settings-file", accept: ".csv,.json,text/csv,application/json" });
    input.onchange = () => {
      upload.file = input.files[0] || null;
      upload.name = upload.file ? stem(upload.file.name) : "";
      upload.reply = null;
      if (again) again();
    };
    const name = el("input", { id: "settings-pack-name", value: upload.name, maxlength: "60", autocomplete: "off", "aria-label": t("pack_name") });
    name.oninput = () => { upload.name = name.value; };
    const part = el("div", { id: "settings-upload" }, el("h3", {}, t("upload")), input);
    if (upload.file) {
      part.append(el("p", { class: "small" }, upload.file.name),
        el("label", { class: "option" }, t("pack_name"), el("div", { class: "seat" }, name)),
        el("button", { id: "settings-send", class: "primary wide", disabled: upload.sending, onclick: () => send(ctx) },
          upload.sending ? t("sending") : t("send")));
    }
    if (upload.reply) {
      part.append(el("p", { id: "settings-upload-said", class: `status ${upload.reply.ok ? "good" : "bad"}` }, upload.reply.message));
      for (const line of upload.reply.lines || []) part.append(el("p", { class: "small" }, line));
    }
    return part;
  }

  registerHostPanel("settings", {
    render(container, data, ctx) {
      const { el, t } = ctx;
      const draw = (into) => {
        const langs = el("div", { class: "choices langs" }, ...data.languages.map((lang) =>
          el("button", { id: `settings-lang-${lang}`, class: lang === data.language ? "on" : "",
            onclick: () => ctx.send("language", { language: lang }) }, lang.toUpperCase())));
        const timers = el("table", {}, ...data.timers.map((timer) =>
          el("tr", {}, el("td", {}, timer.label), el("td", { class: "n" }, t("seconds", { n: timer.seconds })))));
        const packs = data.packs.length
          ? el("ul", { id: "settings-packs" }, ...data.packs.map((pack) => el("li", {}, pack)))
          : el("p", { class: "small" }, t("no_packs"));
        into.replaceChildren(el("h2", {}, t("title")),
          el("h3", {}, t("language")), langs,
          el("h3", {}, t("timers")), timers, el("p", { class: "small" }, t("timers_note")),
          el("h3", {}, t("packs")), packs, packForm(ctx));
      };
      again = () => draw(container);
      draw(container);
    },
  });
})();
