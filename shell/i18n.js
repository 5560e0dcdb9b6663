// The page's own texts (dialogs, messages) in English, Romanian and Dutch; the game's texts live in
// web/i18n.cpp. The language follows ?lang= or the browser, and the game's language switch (the game
// names its language with every button command).
(function (shell) {
  'use strict';
  const texts = {
    en: {
      close: 'Close', copy: 'Copy', copied: 'Copied to the clipboard.',
      copyFailed: 'Could not copy: select the text and press Ctrl+C.',
      error: 'Something is wrong', cannotStart: 'Could not start the game',
      badLink: 'This link cannot be opened', badParam: 'The link has a bad value',
      shareTitle: 'Share this game',
      shareSeed: 'Same deal (setup only): friends who open it play the same tiles in the same order.',
      sharePlay: 'This position (setup and every move so far): for correspondence play or to show it.',
      shareReveals: 'Anyone who has a link and runs the engine can work out the tiles (and Gold Rush tokens) still to come.',
      savesTitle: 'Saves', savesEmpty: 'No saves yet.', autosave: 'Autosave',
      mode: 'Game', players: 'Players', turn: 'Turn', date: 'Saved', load: 'Load', del: 'Delete', exportFile: 'Export',
      saveAs: 'Save as', slotName: 'Name of the save', save: 'Save', exportCurrent: 'Export this game',
      importFile: 'Import a .carc file', noGame: 'Start a game first.',
      saved: 'Saved as', deleted: 'Deleted', confirmDelete: 'Delete the save',
      corrupt: 'is damaged and cannot be read', foreign: 'was not written by this game',
      tooNew: 'was saved by a newer version of the game', cannotLoad: 'cannot be loaded',
      notSaved: 'Not saved',
      quota: 'The browser\'s storage is full: this game was not saved. Delete old saves or export the game to a file.',
      storageBlocked: 'The browser does not allow saving here (storage is blocked).',
      importFailed: 'cannot be imported', tooBig: 'is too large for a game record',
      nameNeeded: 'Give the save a name (1-40 characters).', overwrite: 'Replace the existing save',
      embedTitle: 'Embed this game', embedHelp: 'Paste this into your page. The game fits the frame; add your site to origins= to send it commands.',
      width: 'Width', height: 'Height',
      resumed: 'Resumed the last game.',
      // Bad values in a link ({...}: filled in by shell.t); the parameter's name stays as in the address.
      badMode: 'mode: unknown mode "{mode}" ({list})',
      badPlayers: 'players: {mode} is for {min}-{max} players, not "{text}"',
      seatCount: 'seats: {count} seats listed for {players} players',
      badSeat: 'seats: unknown controller "{seat}" ({list})',
      badSeed: 'seed: "{seed}" is not 1-13 base32 digits (0-9, A-Z without I, L, O, U)',
      badOption: 'option: "{key}" does not exist in {mode}{known}',
      badOptionValue: 'option {key}: "{value}" is not one of {list}',
      badSpeed: 'speed: "{speed}" is not 0 (slow) to 3 (instant)',
      damagedLink: 'link: the game data is damaged (only A-Z a-z 0-9 - _ may appear)',
      badOrigin: 'origins: "{origin}" is not an origin such as https://example.org',
      // Online play (shell/online.js).
      onlineTitle: 'Online game', onlineSave: 'Online',
      onlineSeatLost: 'This browser no longer holds your seat in this room: you are watching.',
      onlineBadRoom: 'room: the room in the link is damaged (only A-Z a-z 0-9 - _ may appear)',
      inviteTitle: 'Invite friends', inviteHelp: 'Send this link: with it your friends take a free seat or watch the game.',
    },
    ro: {
      close: 'Închide', copy: 'Copiază', copied: 'Copiat în clipboard.',
      copyFailed: 'Nu pot copia: selectează textul și apasă Ctrl+C.',
      error: 'Ceva nu este în regulă', cannotStart: 'Jocul nu poate porni',
      badLink: 'Acest link nu poate fi deschis', badParam: 'Linkul are o valoare greșită',
      shareTitle: 'Trimite acest joc',
      shareSeed: 'Aceeași împărțire (doar pregătirea): prietenii care îl deschid joacă aceleași piese în aceeași ordine.',
      sharePlay: 'Această poziție (pregătirea și toate mutările de până acum): pentru joc prin corespondență sau ca s-o arăți.',
      shareReveals: 'Oricine are un link și rulează motorul jocului poate afla piesele (și jetoanele Gold Rush) care urmează.',
      savesTitle: 'Salvări', savesEmpty: 'Nicio salvare încă.', autosave: 'Salvare automată',
      mode: 'Joc', players: 'Jucători', turn: 'Tura', date: 'Salvat', load: 'Încarcă', del: 'Șterge', exportFile: 'Exportă',
      saveAs: 'Salvează ca', slotName: 'Numele salvării', save: 'Salvează', exportCurrent: 'Exportă acest joc',
      importFile: 'Importă un fișier .carc', noGame: 'Începe mai întâi un joc.',
      saved: 'Salvat ca', deleted: 'Șters', confirmDelete: 'Șterge salvarea',
      corrupt: 'este deteriorată și nu poate fi citită', foreign: 'nu a fost scrisă de acest joc',
      tooNew: 'a fost salvată de o versiune mai nouă a jocului', cannotLoad: 'nu poate fi încărcată',
      notSaved: 'Nesalvat',
      quota: 'Spațiul de stocare al browserului este plin: jocul nu a fost salvat. Șterge salvări vechi sau exportă jocul într-un fișier.',
      storageBlocked: 'Browserul nu permite salvarea aici (stocarea este blocată).',
      importFailed: 'nu poate fi importat', tooBig: 'este prea mare pentru o înregistrare de joc',
      nameNeeded: 'Dă un nume salvării (1-40 de caractere).', overwrite: 'Înlocuiește salvarea existentă',
      embedTitle: 'Include acest joc', embedHelp: 'Lipește asta în pagina ta. Jocul se potrivește cadrului; adaugă site-ul tău la origins= ca să-i trimiți comenzi.',
      width: 'Lățime', height: 'Înălțime',
      resumed: 'Am reluat ultimul joc.',
      badMode: 'mode: modul „{mode}” nu există ({list})',
      badPlayers: 'players: {mode} se joacă în {min}-{max} jucători, nu „{text}”',
      seatCount: 'seats: {count} locuri date pentru {players} jucători',
      badSeat: 'seats: „{seat}” nu este un jucător cunoscut ({list})',
      badSeed: 'seed: „{seed}” nu este format din 1-13 cifre base32 (0-9, A-Z fără I, L, O, U)',
      badOption: 'option: opțiunea „{key}” nu există în {mode}{known}',
      badOptionValue: 'option {key}: „{value}” nu este una dintre {list}',
      badSpeed: 'speed: „{speed}” nu este între 0 (încet) și 3 (instantaneu)',
      damagedLink: 'link: datele jocului sunt deteriorate (pot apărea doar A-Z a-z 0-9 - _)',
      badOrigin: 'origins: „{origin}” nu este o origine ca https://example.org',
      // Joc online (shell/online.js).
      onlineTitle: 'Joc online', onlineSave: 'Online',
      onlineSeatLost: 'Acest browser nu mai are locul tău în această cameră: privești jocul.',
      onlineBadRoom: 'room: camera din link este deteriorată (pot apărea doar A-Z a-z 0-9 - _)',
      inviteTitle: 'Invită prieteni', inviteHelp: 'Trimite acest link: cu el prietenii tăi ocupă un loc liber sau privesc jocul.',
    },
    nl: {
      close: 'Sluiten', copy: 'Kopiëren', copied: 'Gekopieerd naar het klembord.',
      copyFailed: 'Kopiëren lukt niet: selecteer de tekst en druk op Ctrl+C.',
      error: 'Er is iets mis', cannotStart: 'Het spel kan niet starten',
      badLink: 'Deze link kan niet worden geopend', badParam: 'De link heeft een foute waarde',
      shareTitle: 'Dit spel delen',
      shareSeed: 'Zelfde verdeling (alleen de opzet): vrienden die hem openen spelen dezelfde tegels in dezelfde volgorde.',
      sharePlay: 'Deze stelling (opzet en alle zetten tot nu toe): om per correspondentie te spelen of om te laten zien.',
      shareReveals: 'Wie een link heeft en de spelmotor draait, kan de tegels (en Gold Rush-fiches) die nog komen uitrekenen.',
      savesTitle: 'Opgeslagen spellen', savesEmpty: 'Nog niets opgeslagen.', autosave: 'Automatisch opgeslagen',
      mode: 'Spel', players: 'Spelers', turn: 'Beurt', date: 'Opgeslagen', load: 'Laden', del: 'Verwijderen', exportFile: 'Exporteren',
      saveAs: 'Opslaan als', slotName: 'Naam', save: 'Opslaan', exportCurrent: 'Dit spel exporteren',
      importFile: 'Een .carc-bestand importeren', noGame: 'Start eerst een spel.',
      saved: 'Opgeslagen als', deleted: 'Verwijderd', confirmDelete: 'Verwijder',
      corrupt: 'is beschadigd en kan niet worden gelezen', foreign: 'is niet door dit spel geschreven',
      tooNew: 'is opgeslagen door een nieuwere versie van het spel', cannotLoad: 'kan niet worden geladen',
      notSaved: 'Niet opgeslagen',
      quota: 'De opslag van de browser is vol: dit spel is niet opgeslagen. Verwijder oude spellen of exporteer het spel naar een bestand.',
      storageBlocked: 'De browser staat opslaan hier niet toe (opslag geblokkeerd).',
      importFailed: 'kan niet worden geïmporteerd', tooBig: 'is te groot voor een spelverslag',
      nameNeeded: 'Geef een naam (1-40 tekens).', overwrite: 'Vervang het bestaande spel',
      embedTitle: 'Dit spel insluiten', embedHelp: 'Plak dit in je pagina. Het spel past zich aan het kader aan; zet je site in origins= om het opdrachten te sturen.',
      width: 'Breedte', height: 'Hoogte',
      resumed: 'Het laatste spel is hervat.',
      badMode: 'mode: onbekende spelvorm "{mode}" ({list})',
      badPlayers: 'players: {mode} is voor {min}-{max} spelers, niet "{text}"',
      seatCount: 'seats: {count} plaatsen opgegeven voor {players} spelers',
      badSeat: 'seats: onbekende speler "{seat}" ({list})',
      badSeed: 'seed: "{seed}" is geen reeks van 1-13 base32-cijfers (0-9, A-Z zonder I, L, O, U)',
      badOption: 'option: optie "{key}" bestaat niet in {mode}{known}',
      badOptionValue: 'option {key}: "{value}" is niet een van {list}',
      badSpeed: 'speed: "{speed}" is niet 0 (langzaam) tot 3 (direct)',
      damagedLink: 'link: de spelgegevens zijn beschadigd (alleen A-Z a-z 0-9 - _ mogen voorkomen)',
      badOrigin: 'origins: "{origin}" is geen origin zoals https://example.org',
      // Online spelen (shell/online.js).
      onlineTitle: 'Online spel', onlineSave: 'Online',
      onlineSeatLost: 'Deze browser heeft je plaats in deze kamer niet meer: je kijkt mee.',
      onlineBadRoom: 'room: de kamer in de link is beschadigd (alleen A-Z a-z 0-9 - _ mogen voorkomen)',
      inviteTitle: 'Vrienden uitnodigen', inviteHelp: 'Stuur deze link: daarmee nemen je vrienden een vrije plaats of kijken ze mee.',
    },
  };

  let current = 'en';
  shell.setLanguage = (code) => {
    const short = String(code || '').slice(0, 2).toLowerCase();
    current = texts[short] ? short : 'en';
    document.documentElement.lang = current;
  };
  shell.language = () => current;
  // shell.t('badSeed', {seed: 'X'}): the text in the current language with each {name} filled in.
  shell.t = (key, values) => {
    const text = texts[current][key] || texts.en[key] || key;
    return values ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole)) : text;
  };
})(window.carcShell = window.carcShell || {});
