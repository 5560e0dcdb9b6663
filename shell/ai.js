// The page's end of the AI worker (shell/ai_worker.js): the game (web/ai_client.cpp) posts a
// question through Module.ai.ask(json) and hears the answer through carc_ai_answer(id, json). One
// plain worker (no threads, no SharedArrayBuffer: embedding sites give no cross-origin isolation).
// Without Workers, or once the worker failed to load, available() is false and the game thinks on
// the page itself, in slices. shell/README.md, "The AI worker".
(function (shell) {
  'use strict';
  let worker = null;
  let failed = false;
  let deliver = null;  // (id, json) -> the game
  const asked = new Set();  // ids without an answer yet

  function fail(error) {
    if (failed) return;
    failed = true;
    console.warn('AI worker:', error);
    // Whatever was asked gets an error back: the game then thinks about it on the page.
    for (const id of asked) deliver(id, JSON.stringify({ error: 'the AI worker failed' }));
    asked.clear();
  }

  shell.ai = {
    // Starts the worker for the build folder `base`; `answer(id, json)` hands an answer to the game.
    start(base, answer) {
      deliver = answer;
      if (typeof Worker === 'undefined') return;
      try {
        worker = new Worker('shell/ai_worker.js');
      } catch (error) {
        fail(error);
        return;
      }
      worker.onmessage = (event) => {
        const message = event.data;
        if (message.type === 'failed') return fail(message.error);
        if (message.type === 'ready' || !asked.delete(message.id)) return;
        deliver(message.id, JSON.stringify(message));
      };
      worker.onerror = (event) => fail(event.message || 'the worker did not start');
      worker.postMessage({ type: 'init', base: new URL(base, window.location.href).href });
    },
    available: () => worker !== null && !failed,
    // Posts a question (JSON text from the game); false when there is no worker to ask.
    ask(json) {
      if (!shell.ai.available()) return false;
      const question = JSON.parse(json);
      asked.add(question.id);
      worker.postMessage(question);
      return true;
    },
  };
})(window.carcShell = window.carcShell || {});
