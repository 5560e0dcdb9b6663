// Loads the game module (build/wasm/carcassonne.js) into the page's canvas. Interface: shell/README.md.
(function () {
  'use strict';
  const status = document.getElementById('status');
  const canvas = document.getElementById('canvas');
  const params = new URLSearchParams(window.location.search);
  const language = params.get('lang') || navigator.language || 'en';
  const base = params.get('build') || 'build/wasm/';

  function fail(message) {
    status.textContent = 'Could not start the game: ' + message;
    status.classList.remove('hidden');
  }

  const script = document.createElement('script');
  script.src = base + 'carcassonne.js';
  script.onerror = () => fail('build/wasm/carcassonne.js is missing (run tools/play.sh)');
  script.onload = () => {
    window.createCarcassonne({
      canvas: canvas,
      arguments: [language],
      locateFile: (path) => base + path,
      print: (text) => console.log(text),
      printErr: (text) => console.warn(text),
      onRuntimeInitialized: () => {
        status.classList.add('hidden');
        canvas.focus();
      },
    }).then((module) => {
      // Small page <-> game interface (see shell/README.md).
      window.carcassonne = {
        module: module,
        setLanguage: (code) => module.ccall('carc_set_language', null, ['string'], [code]),
        testState: () => JSON.parse(module.UTF8ToString(module._carc_test_state())),
      };
      window.dispatchEvent(new Event('carcassonne-ready'));
    }, (error) => fail(String(error)));
  };
  document.body.appendChild(script);
})();
