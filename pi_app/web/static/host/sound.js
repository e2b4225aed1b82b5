// What the box lets be heard, on the host's phone (pi_app/web/host_sound.py): the
// voice and the sounds as one of three modes, and the volume in tens, as the box's
// own Sound page sets them.
"use strict";
registerHostPanel("sound", {
  render(container, data, ctx) {
    const { el, t } = ctx;
    const modes = el("div", { class: "choices" }, ...data.modes.map((mode) =>
      el("button", { id: `sound-${mode}`, class: mode === data.mode ? "on" : "",
        onclick: () => ctx.send("heard", { mode }) }, t(mode))));
    const step = (by) => Math.min(100, Math.max(0, data.volume + by));
    const volume = el("div", { class: "row" },
      el("button", { id: "sound-lower", disabled: data.volume <= 0, "aria-label": "−",
        onclick: () => ctx.send("volume", { volume: step(-10) }) }, "−"),
      el("span", { id: "sound-volume", class: "n" }, t("percent", { n: data.volume })),
      el("button", { id: "sound-higher", disabled: data.volume >= 100, "aria-label": "+",
        onclick: () => ctx.send("volume", { volume: step(10) }) }, "+"));
    container.replaceChildren(el("h2", {}, t("title")), el("h3", {}, t("heard")), modes,
      el("h3", {}, t("volume")), volume);
  },
});
