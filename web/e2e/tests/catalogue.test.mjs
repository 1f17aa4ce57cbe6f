// The catalogues: en.json and fr.json have exactly the same keys, no empty text, the same
// {placeholders}, and every key the modules use exists (template keys such as
// `burgle.tool.${tool}` must match at least one key).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib.mjs';

const WEB = join(ROOT, 'web');
const en = JSON.parse(readFileSync(join(WEB, 'i18n/en.json'), 'utf8'));
const fr = JSON.parse(readFileSync(join(WEB, 'i18n/fr.json'), 'utf8'));
const NAMESPACES = ['app', 'nav', 'header', 'lang', 'common', 'bot', 'lobby', 'outcome', 'table', 'replay', 'generic', 'burgle', 'hacktivity'];

function modules(dir = WEB) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return ['e2e', 'i18n', 'node_modules'].includes(e.name) ? [] : modules(join(dir, e.name));
    return e.name.endsWith('.js') ? [join(dir, e.name)] : [];
  });
}

test('en and fr have the same keys, texts and placeholders', () => {
  assert.deepEqual(Object.keys(fr).sort(), Object.keys(en).sort());
  const holes = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [key, text] of Object.entries(en)) {
    assert.ok(text.trim(), `en ${key} is empty`);
    assert.ok(fr[key].trim(), `fr ${key} is empty`);
    assert.deepEqual(holes(fr[key]), holes(text), `placeholders of ${key}`);
  }
});

test('every key the modules use is in the catalogue', () => {
  const files = modules();
  assert.ok(files.length >= 8, `modules found: ${files}`);
  const prefix = new RegExp(`^(${NAMESPACES.join('|')})\\.[\\w.]+$`);
  let literal = 0;
  let templated = 0;
  for (const file of files) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/'([a-z_]+(?:\.[\w]+)+)'/g)) {
      if (!prefix.test(m[1])) continue;
      literal += 1;
      // A key, or a prefix handed to a helper that adds the last part (chips(..., 'burgle.tool')).
      const known = m[1] in en || Object.keys(en).some((k) => k.startsWith(`${m[1]}.`));
      assert.ok(known, `${file}: '${m[1]}' is not in en.json`);
    }
    for (const m of src.matchAll(/`([a-z_]+\.[^`]*\$\{[^`]*)`/g)) {
      const parts = m[1].split(/\$\{[^}]*\}/);
      if (!prefix.test(parts[0].replace(/\.$/, '.x'))) continue;
      templated += 1;
      const pattern = new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\w]+')}$`);
      assert.ok(Object.keys(en).some((k) => pattern.test(k)), `${file}: \`${m[1]}\` matches no key`);
    }
  }
  assert.ok(literal > 100, `only ${literal} literal keys found`);
  assert.ok(templated > 10, `only ${templated} template keys found`);
});

test('the Burgle catalogue names every tile, tool, loot, event and character', () => {
  const cards = readFileSync(join(ROOT, 'crates/burgle/src/cards.rs'), 'utf8');
  const keys = [...cards.matchAll(/^\s+\w+ = "([a-z_]+)", "/gm)].map((m) => m[1]);
  assert.ok(keys.length > 70);
  for (const key of keys) {
    const found = ['tile', 'tool', 'loot', 'event', 'character'].some((kind) => `burgle.${kind}.${key}` in en);
    assert.ok(found, `no burgle.*.${key}`);
  }
});

test('every refusal of the table socket has its sentence in both languages', () => {
  // A French player sees the kind of refusal in French (the server's own words are English).
  const protocol = readFileSync(join(ROOT, 'crates/server/src/protocol.rs'), 'utf8');
  const body = protocol.slice(protocol.indexOf('pub enum ErrorCode {'));
  const variants = [...body.slice(0, body.indexOf('\n}')).matchAll(/^ {4}([A-Z]\w*),$/gm)].map((m) => m[1]);
  assert.ok(variants.length >= 10, `ErrorCode variants found: ${variants}`);
  for (const v of variants) {
    const code = v.replace(/[A-Z]/g, (c, i) => (i ? '_' : '') + c.toLowerCase());
    assert.ok(`table.error.${code}` in en, `no table.error.${code} in en.json`);
    assert.ok(`table.error.${code}` in fr, `no table.error.${code} in fr.json`);
  }
});

test('counts agree with their words in each language', async () => {
  // i18n.js as the page runs it, its catalogues fetched from web/i18n/.
  globalThis.localStorage ??= { getItem: () => null, setItem: () => {} };
  globalThis.document ??= { documentElement: {} };
  globalThis.navigator ??= { language: 'en' };
  globalThis.fetch = async (url) => {
    const file = join(WEB, String(url).replace('/assets/', ''));
    return { ok: true, json: async () => JSON.parse(readFileSync(file, 'utf8')) };
  };
  const i18n = await import('../../i18n.js');
  await i18n.init();
  const line = (left) => i18n.t('burgle.turn_line', { turn: 3, name: 'Hawk', left });
  await i18n.setLang('en', { quiet: true });
  assert.equal(line(1), 'Turn 3 · the Hawk acts · 1 action left');
  assert.equal(line(0), 'Turn 3 · the Hawk acts · 0 actions left');
  await i18n.setLang('fr', { quiet: true });
  assert.equal(line(1), 'Tour 3 · Hawk joue · 1 action restante');
  assert.equal(line(0), 'Tour 3 · Hawk joue · 0 action restante');
  assert.equal(line(2), 'Tour 3 · Hawk joue · 2 actions restantes');
  // Every plural form counts a placeholder the text also shows.
  for (const cat of [en, fr]) {
    for (const [key, text] of Object.entries(cat)) {
      for (const m of text.matchAll(/\{(\w+)\|[^|}]*\|[^}]*\}/g)) {
        assert.ok(text.includes(`{${m[1]}}`), `${key}: {${m[1]}|...} counts nothing shown`);
      }
    }
  }
});
