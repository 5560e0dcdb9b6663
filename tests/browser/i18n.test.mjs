// Every language the build lists (build/wasm/i18n/index.json, made from assets/i18n/*.json): the game
// and the page speak it, the UI font has every glyph its catalogue uses, and no text is wider than
// its window, at desktop and phone size. Screenshots: build/screenshots/i18n-<code>-*.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { clickAt, clickButton, finishWithBots, openGame, screenshot, state, waitFor } from './helpers.mjs';

const desktop = { viewport: { width: 1280, height: 800 }, scale: 1, name: 'desktop' };
const phone = { viewport: { width: 390, height: 844 }, scale: 2, name: 'phone' };

// The catalogue as the page reads it: nested groups flattened to dotted keys.
function catalogue(code) {
  const flat = {};
  const walk = (node, prefix) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === 'string') flat[prefix + name] = value;
      else walk(value, `${prefix}${name}.`);
    }
  };
  walk(JSON.parse(readFileSync(new URL(`../../assets/i18n/${code}.json`, import.meta.url), 'utf8')), '');
  return flat;
}

async function listedLanguages() {
  const { browser, page } = await openGame();
  try {
    return (await page.evaluate(() => fetch('build/wasm/i18n/index.json').then((r) => r.json()))).languages;
  } finally {
    await browser.close();
  }
}

// Picks a game on the setup screen (a combo's list takes its place a frame after opening: a click that
// came too early is tried again).
async function selectMode(page, modeId) {
  for (let attempt = 0; attempt < 4; attempt++) {
    let s = await state(page);
    if (s.mode === modeId && !s.buttons[`mode:${modeId}`]) return;
    if (!s.buttons[`mode:${modeId}`]) {
      await clickButton(page, 'mode');
      await page.waitForTimeout(300);
      s = await state(page);
    }
    if (s.buttons[`mode:${modeId}`]) await clickAt(page, s.buttons[`mode:${modeId}`].x, s.buttons[`mode:${modeId}`].y);
    await page.waitForTimeout(300);
  }
  await waitFor(page, (st) => st.mode === modeId && !st.buttons[`mode:${modeId}`], `mode ${modeId}`, 5000);
}

// The page has read the index, English and its language before the game starts; the game takes
// those from the page instead of parsing the same files again (web/i18n.cpp, docs/load-time.md), and
// reads a language chosen later itself.
test('the game takes the texts the page has read, and reads a language chosen later itself', async () => {
  const { browser, page, errors } = await openGame(desktop.viewport, 1, 'index.html?lang=ro&mode=base&players=2&seed=8WQ2K&seats=human,greedy');
  try {
    let s = await waitFor(page, (x) => x.screen === 'play', 'the seed link\'s game');
    assert.deepEqual(s.textSources, { index: 'page', en: 'page', ro: 'page' });
    assert.equal(s.language, 'ro');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ro');
    await page.evaluate(() => window.carcassonne.setLanguage('nl'));
    s = await waitFor(page, (x) => x.language === 'nl', 'Dutch');
    assert.equal(s.textSources.nl, 'file');
    assert.deepEqual(s.missingGlyphs, []);
    assert.deepEqual(errors, []);
    await screenshot(page, 'i18n-texts-from-page-nl');
  } finally {
    await browser.close();
  }
});

const noOverflow = (s, where) => assert.deepEqual(s.overflow, [], `${where}: text wider than its window`);

// Every catalogue file is listed (the index is made from the folder, nothing else).
test('the language list is the catalogue files', async () => {
  const languages = await listedLanguages();
  const codes = languages.map((l) => l.code);
  assert.ok(codes.includes('en') && codes.length >= 4, `languages: ${codes}`);
  for (const { code, name } of languages) assert.equal(name, catalogue(code)['language.name'], code);
});

for (const screen of [desktop, phone]) {
  test(`each language at ${screen.name} size: setup, a game and the page's dialogs, every glyph, no overflow`, async () => {
    for (const { code } of await listedLanguages()) {
      const texts = catalogue(code);
      // Gold Rush has the most to say (options, tents and tokens, the longest rules).
      const address = `index.html?lang=${code}&mode=goldrush&players=3&seats=human,greedy,greedy&seed=G3RM4N`;
      let { browser, page, errors } = await openGame(screen.viewport, screen.scale, `index.html?lang=${code}`);
      try {
        let s = await waitFor(page, (st) => st.screen === 'setup' && st.buttons.start, 'the setup screen');
        assert.equal(s.language, code, 'the game speaks the language the address asks for');
        assert.deepEqual(s.missingGlyphs, [], `${code}: characters of the catalogues the UI font lacks`);
        assert.equal(await page.evaluate(() => document.documentElement.lang), code, 'the page speaks it too');
        // Tunnel and Gold Rush options on the setup screen.
        for (const modeId of ['base+tunnel', 'goldrush']) {
          await selectMode(page, modeId);
          await page.waitForTimeout(200);
          await screenshot(page, `i18n-${code}-setup-${modeId.replace('+', '-')}-${screen.name}`);
          noOverflow(await state(page), `${code} setup ${modeId}`);
        }

        assert.deepEqual(errors, [], 'no console errors');
        await browser.close();
        ({ browser, page, errors } = await openGame(screen.viewport, screen.scale, address));
        s = await waitFor(page, (st) => st.screen === 'play' && st.phase === 'place' && st.artReady, 'the first human turn');
        await screenshot(page, `i18n-${code}-play-${screen.name}`);
        noOverflow(s, `${code} play`);

        // The page's own dialog, in the same language, from the same catalogue.
        await clickButton(page, 'saves');
        const title = await page.waitForSelector('#dialog-saves h2');
        assert.equal(await title.textContent(), texts['page.saves.title']);
        await screenshot(page, `i18n-${code}-saves-${screen.name}`);
        await page.keyboard.press('Escape');

        if (screen === desktop) {
          await finishWithBots(page, `i18n-${code}-goldrush`);
          noOverflow(await state(page), `${code} results`);
        }
        assert.deepEqual(errors, [], 'no console errors');
      } finally {
        await browser.close();
      }
    }
  });
}

test('switching the language in the game switches the page and lists every catalogue', async () => {
  const languages = await listedLanguages();
  const { browser, page, errors } = await openGame(undefined, 1, 'index.html?lang=en');
  try {
    await waitFor(page, (st) => st.screen === 'setup' && st.buttons.language, 'the language menu');
    await clickButton(page, 'language');
    await page.waitForTimeout(300);  // a combo's list takes its place a frame after opening
    const open = await waitFor(page, (st) => st.buttons['lang:en'], 'the language list');
    assert.deepEqual(Object.keys(open.buttons).filter((b) => b.startsWith('lang:')).sort(),
      languages.map((l) => `lang:${l.code}`).sort());
    const other = languages.find((l) => l.code !== 'en').code;
    await clickAt(page, open.buttons[`lang:${other}`].x, open.buttons[`lang:${other}`].y);
    await waitFor(page, (st) => st.language === other, `the game in ${other}`);
    await clickButton(page, 'saves');
    const title = await page.waitForSelector('#dialog-saves h2');
    assert.equal(await title.textContent(), catalogue(other)['page.saves.title']);
    assert.equal(await page.evaluate(() => document.documentElement.lang), other);
    assert.deepEqual(errors, [], 'no console errors');
  } finally {
    await browser.close();
  }
});
