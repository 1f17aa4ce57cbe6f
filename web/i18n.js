// The catalogues: one JSON file per language (i18n/en.json, i18n/fr.json) holds every text of
// the interface, game-specific keys namespaced (`burgle.*`, `hacktivity.*`). Texts that come
// from the server already carry both languages (log sentences as events' `en`/`fr`, option
// labels and help as `{en, fr}`): `pick` chooses the current one.

export const LANGS = ['en', 'fr'];
const STORE_KEY = 'lockpick.lang';

let lang = 'en';
let catalogue = {};
let fallback = {};
const loaded = new Map();
const listeners = new Set();

function initialLang() {
  const saved = localStorage.getItem(STORE_KEY);
  if (LANGS.includes(saved)) return saved;
  return (navigator.language || '').toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

async function fetchCatalogue(l) {
  if (!loaded.has(l)) {
    const response = await fetch(`/assets/i18n/${l}.json`);
    if (!response.ok) throw new Error(`cannot load the ${l} catalogue (${response.status})`);
    loaded.set(l, await response.json());
  }
  return loaded.get(l);
}

/** Loads every catalogue (so that switching is instant) and the saved or browser's language. */
export async function init() {
  await Promise.all(LANGS.map(fetchCatalogue));
  fallback = await fetchCatalogue('en');
  await setLang(initialLang(), { quiet: true });
}

/** Switches language, remembers it, and tells every listener to draw again. */
export async function setLang(l, { quiet = false } = {}) {
  if (!LANGS.includes(l)) return;
  catalogue = l === 'en' ? fallback : await fetchCatalogue(l);
  lang = l;
  localStorage.setItem(STORE_KEY, l);
  document.documentElement.lang = l;
  if (!quiet) for (const f of listeners) f(l);
}

export function getLang() {
  return lang;
}

/** Calls `f(lang)` after every switch; returns a function that stops it. */
export function onLangChange(f) {
  listeners.add(f);
  return () => listeners.delete(f);
}

const plurals = new Map();

/** The plural rules of a language, made once (`t` runs for every text of every redraw). */
function pluralRules(l) {
  if (!plurals.has(l)) plurals.set(l, new Intl.PluralRules(l));
  return plurals.get(l);
}

/**
 * The text of `key` in the current language, `{name}` replaced from `params`, and
 * `{name|one|other}` by the word that agrees with the count `params[name]` in that language
 * (French puts 0 and 1 in the singular, English only 1).
 */
export function t(key, params = {}) {
  let text = catalogue[key] ?? fallback[key];
  if (text === undefined) {
    console.warn(`missing catalogue key: ${key}`);
    text = key;
  }
  return text
    .replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (m, name, one, other) =>
      name in params ? (pluralRules(lang).select(Number(params[name])) === 'one' ? one : other) : m,
    )
    .replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** Whether the catalogue has `key` (for optional texts such as outcome reasons). */
export function has(key) {
  return key in catalogue || key in fallback;
}

/** The current language's side of a `{en, fr}` text sent by the server. */
export function pick(text) {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  return text[lang] ?? text.en ?? '';
}
