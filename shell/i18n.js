// The page's texts come from the same catalogue files as the game's (assets/i18n/<code>.json, copied
// into the build's i18n/ folder with the index of languages; docs/translating.md): nested groups make
// dotted keys, {{name}} is a parameter, and a key with plural forms has one entry per CLDR category
// (key_one, key_few, key_other), chosen by the parameter `count` with the browser's Intl.PluralRules.
// A key the current language lacks is taken from English. Same rules as lib/i18n in the game.
(function (shell) {
  'use strict';
  const FALLBACK = 'en';
  const catalogues = {};  // code -> {dotted key: text}
  const pluralRules = {};
  let languages = [];     // [{code, name}] from i18n/index.json
  let folder = '';
  let current = FALLBACK;

  function flatten(node, prefix, out) {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === 'string') out[prefix + name] = value;
      else if (value && typeof value === 'object') flatten(value, prefix + name + '.', out);
    }
    return out;
  }

  async function fetchJson(path) {
    const response = await fetch(folder + path);
    if (!response.ok) throw new Error(`${folder}${path}: HTTP ${response.status}`);
    return response.json();
  }

  async function loadCatalogue(code) {
    if (!catalogues[code]) catalogues[code] = flatten(await fetchJson(`i18n/${code}.json`), '', {});
  }

  // The listed language serving a requested one: the same tag, else its primary language ("de-AT" ->
  // "de"), else English.
  function bestLanguage(requested) {
    const wanted = String(requested || '').toLowerCase();
    const primary = wanted.split(/[-_]/)[0];
    const exact = languages.find((l) => l.code.toLowerCase() === wanted);
    const near = languages.find((l) => l.code.toLowerCase() === primary);
    return (exact || near || { code: FALLBACK }).code;
  }

  // The index, English and the requested language, from the build folder `buildFolder`.
  shell.loadTexts = async (buildFolder, requested) => {
    folder = buildFolder;
    // The index and English at once (English is always needed): one round trip less before the game starts.
    const [index] = await Promise.all([fetchJson('i18n/index.json'), loadCatalogue(FALLBACK)]);
    languages = index.languages;
    await shell.setLanguage(requested);
  };

  // Follows the game's language switch (the game names its language with every button command).
  shell.setLanguage = async (code) => {
    const chosen = bestLanguage(code);
    try {
      await loadCatalogue(chosen);
      current = chosen;
    } catch (e) {
      console.warn('language', chosen, e);  // the texts stay in the language they were in
    }
    document.documentElement.lang = current;
  };
  shell.language = () => current;
  shell.languages = () => languages.slice();

  // The game's copy of what the page has read (web/i18n.cpp, carc_page_texts): the index (`what` empty)
  // or a loaded catalogue, as fields joined by U+001F (key, text, key, text, ...), so that the game
  // starts without parsing the same JSON again. null when the page has not loaded it or a field holds
  // the separator (the game then reads the file itself).
  const SEPARATOR = '\u001f';
  shell.pageTexts = (what) => {
    const pairs = what === '' ? languages.map((l) => [l.code, l.name])
      : catalogues[what] ? Object.entries(catalogues[what]) : null;
    if (!pairs || !pairs.length) return null;
    const fields = pairs.flat();
    return fields.some((f) => typeof f !== 'string' || f.includes(SEPARATOR)) ? null : fields.join(SEPARATOR);
  };

  function lookup(code, key, values) {
    const texts = catalogues[code];
    if (!texts) return undefined;
    if (values && typeof values.count === 'number') {
      const rule = pluralRules[code] || (pluralRules[code] = new Intl.PluralRules(code));
      const form = texts[`${key}_${rule.select(values.count)}`] ?? texts[`${key}_other`];
      if (form !== undefined) return form;
    }
    return texts[key];
  }

  // shell.t('link.bad_seed', {seed: 'X'}): the text in the current language (else English) with each
  // {{name}} filled in; '' for a key no catalogue has (tests/i18n makes sure the code uses none).
  shell.t = (key, values) => {
    const text = lookup(current, key, values) ?? lookup(FALLBACK, key, values) ?? '';
    return text.replace(/\{\{(\w+)\}\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));
  };
})(window.carcShell = window.carcShell || {});
