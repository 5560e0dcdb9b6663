// The AI's Web Worker: loads the AI's own module (build/wasm/carc-ai-worker.{js,wasm}, web/ai_worker/)
// and answers the page's questions one at a time, so that the page keeps drawing while a bot or a
// hint thinks. Started by shell/ai.js; shell/README.md, "The AI worker".
//   page -> worker: {type: 'init', base} once (base: the build folder's absolute address), then
//     {id, kind: 'move'|'hint', record, bot, seed, budgetMs, iterationCap}
//   worker -> page: {type: 'ready'} or {type: 'failed', error}; per question {id, action (a move) or
//     actions + lead (a hint), iterations, elapsedMs, stoppedBy: 'cap'|'time'} or {id, error}
'use strict';

let module = null;  // a promise of the AI module
const think = (m, q) => JSON.parse(m.ccall('carc_ai_think', 'string',
  ['string', 'string', 'string', 'string', 'number', 'number'],
  [q.kind, q.record, q.bot, q.seed, q.budgetMs || 0, q.iterationCap || 0]));

self.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') {
    try {
      importScripts(message.base + 'carc-ai-worker.js');
      module = self.createCarcAi({ locateFile: (path) => message.base + path });
    } catch (error) {
      module = Promise.reject(error);
    }
    module.then(() => self.postMessage({ type: 'ready' }),
      (error) => self.postMessage({ type: 'failed', error: String(error) }));
    return;
  }
  if (!module) return;
  module.then((m) => {
    const answer = think(m, message);
    if (message.kind === 'move' && answer.actions) answer.action = answer.actions[0];
    self.postMessage({ id: message.id, ...answer });
  }, (error) => self.postMessage({ id: message.id, error: String(error) }));
};
