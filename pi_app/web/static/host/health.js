// The box's health on the host's phone (pi_app/web/host_health.py), as `tabletop
// doctor` says it: each check with ok, warning or problem, its words and its fix; when
// they last ran, and Check again.
"use strict";
(() => {
  const MARKS = { ok: "✔", warn: "!", fail: "✘", skip: "–" };

  registerHostPanel("health", {
    render(container, data, ctx) {
      const { el, t } = ctx;
      const at = typeof data.at === "number"
        ? t("at", { time: new Date(data.at * 1000).toLocaleTimeString(ctx.lang, { hour: "2-digit", minute: "2-digit", second: "2-digit" }) })
        : t("never");
      const checks = data.checks.map((check) => el("div", { class: `check ${check.status}`, id: `health-${check.part}` },
        el("span", { class: "mark", title: t(check.status) }, MARKS[check.status] || "?"),
        el("b", {}, check.label), " ", el("span", { class: "small" }, t(check.status)),
        el("p", {}, check.said),
        check.fix ? el("p", { class: "small" }, t("fix", { fix: check.fix })) : null));
      const failed = data.failed ? [el("p", { class: "status bad" }, t("failed", { error: data.failed }))] : [];
      container.replaceChildren(el("h2", {}, t("title")),
        el("p", { class: "small", id: "health-at" }, data.running ? t("checking") : at),
        ...failed, ...checks,
        el("button", { id: "health-check", class: "wide", disabled: data.running, onclick: () => ctx.send("check", {}) }, t("check")));
    },
  });
})();
