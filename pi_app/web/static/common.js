// What both phone pages share: the phone's language, the page's words (fetched from
// the box, translated by its catalogues: a node's text names its key in data-text, its
// spoken label in data-label), the status line and the language picker.
"use strict";
const LANGS = ["fr", "de", "en"];
let lang = localStorage.getItem("lang") || (navigator.language || "fr").slice(0, 2);
if (!LANGS.includes(lang)) lang = "fr";
let T = {};

function t(key, params) {
  return (T[key] || key).replace(/\{(\w+)\}/g, (_, k) => (params && k in params ? params[k] : ""));
}

async function loadTexts() {
  T = await (await fetch(`/texts/${lang}.json`)).json();
  document.documentElement.lang = lang;
  document.querySelectorAll("[data-text]").forEach((node) => { node.textContent = t(node.dataset.text); });
  document.querySelectorAll("[data-label]").forEach((node) => { node.setAttribute("aria-label", t(node.dataset.label)); });
}

function say(text, kind) {
  const box = document.getElementById("status");
  box.hidden = !text;
  box.textContent = text || "";
  box.className = "status" + (kind ? " " + kind : "");
}

// The picker in the header: a new language is remembered, its words loaded, then `changed()`.
function pickLanguage(changed) {
  const picker = document.getElementById("lang");
  picker.value = lang;
  picker.onchange = async () => {
    lang = picker.value;
    localStorage.setItem("lang", lang);
    await loadTexts();
    changed();
  };
}
