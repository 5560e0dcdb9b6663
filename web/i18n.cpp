#include "i18n.hpp"

#include <cstring>
#include <string_view>
#include <unordered_map>

#include "score_wording.hpp"

namespace web {
namespace {

struct Entry {
    const char* text[kLangCount];
};

// key -> English, Romanian, Dutch.
const std::unordered_map<std::string_view, Entry>& table() {
    static const std::unordered_map<std::string_view, Entry> entries = {
        {"app.title", {{"Carcassonne", "Carcassonne", "Carcassonne"}}},
        {"setup.title", {{"New game", "Joc nou", "Nieuw spel"}}},
        {"setup.mode", {{"Game", "Joc", "Spel"}}},
        {"setup.players", {{"Players", "Jucători", "Spelers"}}},
        {"setup.add", {{"Add player", "Adaugă jucător", "Speler toevoegen"}}},
        {"setup.remove", {{"Remove", "Elimină", "Verwijderen"}}},
        {"setup.options", {{"Options", "Opțiuni", "Opties"}}},
        {"setup.no_options",
         {{"This game has no options.", "Acest joc nu are opțiuni.", "Dit spel heeft geen opties."}}},
        {"setup.seed", {{"Seed", "Sămânță", "Seed"}}},
        {"setup.seed_random", {{"Random", "Aleatoare", "Willekeurig"}}},
        {"setup.seed_hint",
         {{"Same seed, same tile order", "Aceeași sămânță, aceeași ordine a pieselor",
           "Zelfde seed, zelfde tegelvolgorde"}}},
        {"setup.start", {{"Start game", "Începe jocul", "Start spel"}}},
        {"setup.language", {{"Language", "Limbă", "Taal"}}},
        {"seat.human", {{"Human", "Om", "Mens"}}},
        {"seat.bot.random", {{"Bot: random", "Bot: aleator", "Bot: willekeurig"}}},
        {"seat.bot.greedy", {{"Bot: greedy", "Bot: lacom", "Bot: gulzig"}}},
        {"seat.default_name", {{"Player", "Jucător", "Speler"}}},
        {"play.turn_of", {{"Turn of", "La rând:", "Aan de beurt:"}}},
        {"play.place_tile",
         {{"Place the tile: click a highlighted cell", "Așază piesa: clic pe o celulă evidențiată",
           "Leg de tegel: klik op een gemarkeerd vak"}}},
        {"play.act", {{"Place a follower or pass", "Pune un meeple sau treci", "Plaats een volgeling of pas"}}},
        {"play.choose", {{"Choose", "Alege", "Kies"}}},
        {"play.confirm_hint", {{"End your turn?", "Termini tura?", "Beurt beëindigen?"}}},
        {"play.bot_thinking", {{"is playing...", "joacă...", "speelt..."}}},
        {"play.rotate", {{"Rotate (R)", "Rotește (R)", "Draaien (R)"}}},
        {"play.pass", {{"No follower (pass)", "Fără meeple (treci)", "Geen volgeling (passen)"}}},
        {"play.mine", {{"Mine", "Minează", "Delven"}}},
        {"play.confirm", {{"Confirm turn", "Confirmă tura", "Beurt bevestigen"}}},
        {"play.undo", {{"Take back", "Anulează", "Terugnemen"}}},
        {"play.takeover", {{"Let bots finish", "Lasă boții să termine", "Laat bots afmaken"}}},
        {"play.speed", {{"Bot speed", "Viteza boților", "Botsnelheid"}}},
        {"speed.0", {{"slow", "încet", "traag"}}},
        {"speed.1", {{"normal", "normal", "normaal"}}},
        {"speed.2", {{"fast", "rapid", "snel"}}},
        {"speed.3", {{"instant", "instant", "direct"}}},
        {"play.tiles_left", {{"Tiles left", "Piese rămase", "Tegels over"}}},
        {"play.score", {{"Score", "Puncte", "Punten"}}},
        {"play.supply", {{"Followers", "Meeple", "Volgelingen"}}},
        {"play.log", {{"Scoring log", "Jurnal de punctaj", "Scoreverloop"}}},
        {"play.census", {{"Tiles still to come", "Piese care mai vin", "Tegels die nog komen"}}},
        {"play.new_game", {{"New game", "Joc nou", "Nieuw spel"}}},
        {"play.no_scoring", {{"Nothing scored yet.", "Încă niciun punct.", "Nog niets gescoord."}}},
        {"play.final", {{"final", "final", "eind"}}},
        {"play.hint_keys",
         {{"Drag: pan  Wheel: zoom  R / right click: rotate  F: whole board  Enter: confirm  [ ]: bot speed",
           "Trage: mută  Rotiță: zoom  R / clic dreapta: rotește  F: toată tabla  Enter: confirmă  [ ]: viteza boților",
           "Slepen: schuiven  Wiel: zoomen  R / rechtsklik: draaien  F: heel het bord  Enter: bevestigen  [ ]: "
           "botsnelheid"}}},
        {"play.menu", {{"Menu", "Meniu", "Menu"}}},
        {"play.error", {{"Could not start", "Nu pot porni", "Kan niet starten"}}},
        {"end.title", {{"Game over", "Joc terminat", "Einde spel"}}},
        {"end.wins", {{"wins!", "câștigă!", "wint!"}}},
        {"end.tie", {{"Shared victory:", "Victorie împărțită:", "Gedeelde overwinning:"}}},
        {"end.category", {{"Category", "Categorie", "Categorie"}}},
        {"end.total", {{"Total", "Total", "Totaal"}}},
        {"end.chart", {{"Score over time", "Punctaj în timp", "Score door de tijd"}}},
        {"end.board", {{"Look at the board", "Vezi tabla", "Bekijk het bord"}}},
        {"end.show", {{"Show results", "Arată rezultatele", "Toon uitslag"}}},
        {"handover.pass_to", {{"Pass the device to", "Dă dispozitivul lui", "Geef het apparaat aan"}}},
        {"handover.hidden",
         {{"The other players should not see this player's hidden pieces.",
           "Ceilalți jucători nu trebuie să vadă piesele ascunse ale acestui jucător.",
           "De andere spelers mogen de verborgen stukken van deze speler niet zien."}}},
        {"handover.ready", {{"I am ready", "Sunt gata", "Ik ben klaar"}}},
        {"play.rules", {{"Rules", "Reguli", "Regels"}}},
        {"shell.share", {{"Share", "Trimite", "Delen"}}},
        {"shell.saves", {{"Saves", "Salvări", "Opslaan/laden"}}},
        {"shell.embed", {{"Embed", "Include", "Insluiten"}}},
        {"rules.base",
         {{"Each turn, draw a tile and lay it next to the tiles on the table so that every touching edge matches: road "
           "to road, city to city, field to field. Then you may put one follower on a feature of that tile, if nobody "
           "stands on that whole feature yet. A finished road scores 1 per tile, a finished city 2 per tile and 2 per "
           "pennant, a cloister surrounded by 8 tiles 9. The most followers on a feature take its points; ties share. "
           "At the end, unfinished features score less, and each field gives its farmers 3 points per finished city it "
           "touches.",
           "La fiecare tură tragi o piesă și o așezi lângă cele de pe masă, astfel încât toate marginile care se ating "
           "să se potrivească: drum la drum, oraș la oraș, câmp la câmp. Apoi poți pune un meeple pe o zonă a piesei, "
           "dacă nimeni nu stă încă pe toată zona aceea. Un drum terminat dă 1 punct pe piesă, un oraș terminat 2 pe "
           "piesă și 2 pe stemă, o mănăstire înconjurată de 8 piese 9. Cei mai mulți meeple pe o zonă iau punctele; la "
           "egalitate, toți. La final, zonele neterminate dau mai puțin, iar fiecare câmp dă fermierilor săi 3 puncte "
           "pe oraș terminat atins.",
           "Trek elke beurt een tegel en leg die aan zodat alle rakende randen passen: weg aan weg, stad aan stad, "
           "veld aan veld. Daarna mag je een volgeling op een deel van die tegel zetten, als er op dat hele gebied nog "
           "niemand staat. Een voltooide weg levert 1 per tegel op, een voltooide stad 2 per tegel en 2 per "
           "wapenschild, een klooster met 8 buren 9. Wie de meeste volgelingen heeft, krijgt de punten; bij "
           "gelijkstand iedereen. Aan het eind tellen onvoltooide gebieden minder en geeft elk veld zijn boeren 3 "
           "punten per voltooide stad die het raakt."}}},
        {"rules.base+tunnel",
         {{"The base game, plus four tiles whose roads end at tunnel portals and tunnel tokens in pairs. Once per turn "
           "you may put a token on a free portal anywhere. When the second token of a pair lies on another portal, the "
           "two roads become one road. A road is finished only at its real ends; the tunnel adds no tiles. The options "
           "limit blocking (see their lines on the setup screen).",
           "Jocul de bază, plus patru piese ale căror drumuri se termină la portaluri de tunel și jetoane de tunel în "
           "perechi. O dată pe tură poți pune un jeton pe un portal liber oriunde. Când al doilea jeton al perechii "
           "stă pe alt portal, cele două drumuri devin unul singur. Un drum e terminat doar la capetele lui reale; "
           "tunelul nu adaugă piese. Opțiunile limitează blocarea.",
           "Het basisspel, plus vier tegels waarvan wegen eindigen bij een tunnelingang en tunnelfiches in paren. Eén "
           "keer per beurt mag je een fiche op een vrije ingang leggen. Ligt het tweede fiche van een paar op een "
           "andere ingang, dan worden beide wegen één weg. Een weg is pas af bij zijn echte uiteinden; de tunnel telt "
           "geen tegels. De opties beperken blokkeren."}}},
        {"rules.newworld",
         {{"Settle the coast westwards from the start board: tiles never lie east of it. Trails, towns, farms and "
           "plains score like roads, cities, cloisters and fields (trading posts and flags add points, animals count "
           "for trappers at the end). Two surveyors walk west one column after each scoring with settlers; settlers in "
           "the surveyors' column earn +4 each, and settlers left east of the easternmost surveyor go home unscored. "
           "When one tile finishes several features you choose the order.",
           "Colonizezi coasta spre vest de la tabla de start: piesele nu stau niciodată la est de ea. Potecile, "
           "orașele, fermele și câmpiile se punctează ca drumurile, orașele, mănăstirile și câmpurile. Doi topografi "
           "merg spre vest câte o coloană după fiecare punctare cu coloniști; coloniștii din coloana lor primesc +4, "
           "iar cei rămași la est de topograful cel mai estic se întorc acasă fără puncte. Când o piesă termină mai "
           "multe zone, alegi ordinea.",
           "Je koloniseert de kust westwaarts vanaf het startbord: tegels liggen nooit ten oosten ervan. Paden, "
           "steden, boerderijen en vlaktes scoren als wegen, steden, kloosters en velden. Twee landmeters gaan na elke "
           "telling met kolonisten één kolom naar het westen; kolonisten in hun kolom krijgen +4, wie ten oosten van "
           "de oostelijkste landmeter staat gaat zonder punten terug. Voltooit één tegel meerdere gebieden, dan kies "
           "jij de volgorde."}}},
        {"rules.discovery",
         {{"Meadows, mountains and seas; port cities on their shores. After placing a tile, either put a follower on "
           "it, or take one of yours back from anywhere and score its region at once, finished or not, but never both. "
           "Finished regions are worth more. There is no majority: every follower on a region scores it fully for its "
           "owner when taken back. At the end every follower still out scores its region as unfinished.",
           "Pajiști, munți și mări; orașe-port pe țărmuri. După ce pui o piesă, fie pui un meeple pe ea, fie îți "
           "retragi unul de oriunde și îi punctezi imediat regiunea, terminată sau nu, dar niciodată amândouă. "
           "Regiunile terminate valorează mai mult. Nu există majoritate. La final, fiecare meeple rămas punctează "
           "regiunea ca neterminată.",
           "Weiden, bergen en zeeën; havensteden aan de kusten. Na het leggen zet je óf een volgeling op de tegel, óf "
           "je neemt er een van jou terug en telt meteen zijn gebied, af of niet, nooit allebei. Voltooide gebieden "
           "zijn meer waard. Er is geen meerderheid. Aan het eind telt elke resterende volgeling zijn gebied als "
           "onvoltooid."}}},
        {"rules.goldrush",
         {{"Railroads, mountains, western cities and prairies. Nuggets on a new tile put face-down mining tokens on "
           "its mountain. After placing, do one of: put a cowboy on the tile, put or move your tent on a mountain, or "
           "take the top token of your tent's mountain. Railroads score double with exactly one locomotive. Token "
           "values stay hidden from the others until the end; gold is counted then.",
           "Căi ferate, munți, orașe din vest și prerii. Pepitele de pe o piesă nouă pun jetoane de minerit cu fața în "
           "jos pe muntele ei. După plasare faci una dintre: pui un cowboy pe piesă, pui sau muți cortul pe un munte, "
           "sau iei jetonul de sus de pe muntele cortului. Căile ferate cu exact o locomotivă valorează dublu. "
           "Valorile jetoanelor rămân ascunse până la final.",
           "Spoorwegen, bergen, westernsteden en prairies. Goudklompen op een nieuwe tegel leggen gesloten mijnfiches "
           "op zijn berg. Na het leggen doe je één van: een cowboy op de tegel zetten, je tent op een berg zetten of "
           "verplaatsen, of het bovenste fiche van de berg van je tent nemen. Spoorwegen met precies één locomotief "
           "tellen dubbel. Fichewaarden blijven tot het eind verborgen."}}},
        // Score categories named by the engine.
        {"road", {{"Roads", "Drumuri", "Wegen"}}},
        {"city", {{"Cities", "Orașe", "Steden"}}},
        {"cloister", {{"Cloisters", "Mănăstiri", "Kloosters"}}},
        {"field", {{"Fields", "Câmpuri", "Velden"}}},
        {"trail", {{"Trails", "Poteci", "Paden"}}},
        {"town", {{"Towns", "Orașe", "Steden"}}},
        {"farm", {{"Farms", "Ferme", "Boerderijen"}}},
        {"plain", {{"Plains", "Câmpii", "Vlaktes"}}},
        {"surveyor", {{"Surveyor bonus", "Bonus topograf", "Landmeterbonus"}}},
        {"meadow", {{"Meadows", "Pajiști", "Weiden"}}},
        {"mountain", {{"Mountains", "Munți", "Bergen"}}},
        {"sea", {{"Seas", "Mări", "Zeeën"}}},
        {"railroad", {{"Railroads", "Căi ferate", "Spoorwegen"}}},
        {"prairie", {{"Prairies", "Prerii", "Prairies"}}},
        {"gold", {{"Gold", "Aur", "Goud"}}},
        // Seats: AI levels and colours.
        {"seat.bot.easy", {{"AI: easy", "AI: ușor", "AI: makkelijk"}}},
        {"seat.bot.medium", {{"AI: medium", "AI: mediu", "AI: gemiddeld"}}},
        {"seat.bot.hard", {{"AI: hard", "AI: greu", "AI: moeilijk"}}},
        {"setup.colour", {{"Colour", "Culoare", "Kleur"}}},
        {"setup.colour_taken", {{" (taken)", " (ocupată)", " (bezet)"}}},
        {"colour.orange", {{"orange, circle", "portocaliu, cerc", "oranje, cirkel"}}},
        {"colour.blue", {{"blue, square", "albastru, pătrat", "blauw, vierkant"}}},
        {"colour.yellow", {{"yellow, triangle", "galben, triunghi", "geel, driehoek"}}},
        {"colour.green", {{"green, diamond", "verde, romb", "groen, ruit"}}},
        {"colour.black", {{"black, cross", "negru, cruce", "zwart, kruis"}}},
        {"colour.pink", {{"pink, hexagon", "roz, hexagon", "roze, zeshoek"}}},
        // The modes' own pieces in the side panel.
        {"pieces.tunnel_left", {{"pairs left", "perechi rămase", "paren over"}}},
        {"pieces.tunnel_linked", {{"linked", "legate", "verbonden"}}},
        {"pieces.tunnel_open", {{"half laid", "pe jumătate", "half gelegd"}}},
        {"pieces.tent_on_board", {{"Tent: on a mountain", "Cort: pe un munte", "Tent: op een berg"}}},
        {"pieces.tent_home", {{"Tent: in supply", "Cort: în rezervă", "Tent: in voorraad"}}},
        {"pieces.tokens", {{"tokens", "jetoane", "fiches"}}},
        {"pieces.token_supply",
         {{"Mining tokens still face down in the supply", "Jetoane de minerit încă în rezervă",
           "Mijnfiches nog gesloten in de voorraad"}}},
        {"pieces.surveyors", {{"Surveyors", "Topografi", "Landmeters"}}},
        {"pieces.column", {{"column", "coloana", "kolom"}}},
        {"pieces.both_in", {{"both in column", "amândoi în coloana", "allebei in kolom"}}},
        {"pieces.on_track", {{"score track space", "spațiul de pe traseul de punctaj", "scorespoor vak"}}},
        {"pieces.surveyor_hint",
         {{"Settlers scored in a surveyor's column earn +4 per surveyor; settlers east of both are left behind when "
           "one moves.",
           "Coloniștii punctați în coloana unui topograf primesc +4 pentru fiecare topograf; cei de la est de amândoi "
           "rămân în urmă când unul se mută.",
           "Kolonisten die in de kolom van een landmeter scoren krijgen +4 per landmeter; wie ten oosten van beide "
           "staat blijft achter als er een verschuift."}}},
        {"pieces.your_hand", {{"Your hand", "Mâna ta", "Jouw hand"}}},
        // Over the board.
        {"overlay.surveyor", {{"Surveyor", "Topograf", "Landmeter"}}},
        {"overlay.surveyors", {{"2 surveyors", "2 topografi", "2 landmeters"}}},
        {"overlay.points", {{"points", "puncte", "punten"}}},
        {"overlay.this_turn", {{"This turn scores:", "Tura aceasta aduce:", "Deze beurt levert op:"}}},
        {"overlay.order_title",
         {{"Which completed feature scores first?", "Ce zonă terminată se punctează prima?",
           "Welk voltooid gebied telt eerst?"}}},
        {"overlay.order_hint",
         {{"Each scoring can move a surveyor west, which changes the bonus of the next one.",
           "Fiecare punctare poate muta un topograf spre vest, ceea ce schimbă bonusul următoarei.",
           "Elke telling kan een landmeter naar het westen verplaatsen, wat de bonus van de volgende verandert."}}},
        {"overlay.at", {{"at", "la", "op"}}},
        {"overlay.side.north", {{"north side", "latura de nord", "noordkant"}}},
        {"overlay.side.east", {{"east side", "latura de est", "oostkant"}}},
        {"overlay.side.south", {{"south side", "latura de sud", "zuidkant"}}},
        {"overlay.side.west", {{"west side", "latura de vest", "westkant"}}},
        {"overlay.side.middle", {{"middle", "mijloc", "midden"}}},
        {"feature.trail", {{"Trail", "Potecă", "Pad"}}},
        {"feature.town", {{"Town", "Oraș", "Stad"}}},
        {"feature.farm", {{"Farm", "Fermă", "Boerderij"}}},
        // Online play (web/online_room.cpp, web/online_play.cpp).
        {"online.play", {{"Play online", "Joacă online", "Online spelen"}}},
        {"online.play_hint",
         {{"Opens a room on the game server with these settings; friends join with its link.",
           "Deschide o cameră pe serverul de joc cu aceste setări; prietenii intră cu linkul ei.",
           "Opent een kamer op de spelserver met deze instellingen; vrienden komen binnen met de link."}}},
        {"online.lobby", {{"Open rooms", "Camere deschise", "Open kamers"}}},
        {"online.lobby_empty",
         {{"No room is listed right now.", "Nicio cameră nu este listată acum.",
           "Er staat nu geen kamer in de lijst."}}},
        {"online.join_room", {{"Join", "Intră", "Meedoen"}}},
        {"online.watch_room", {{"Watch", "Privește", "Kijken"}}},
        {"online.players", {{"players", "jucători", "spelers"}}},
        {"online.seats_free", {{"seats free", "locuri libere", "plaatsen vrij"}}},
        {"online.in_play", {{"being played", "în desfășurare", "bezig"}}},
        {"online.title", {{"Online game", "Joc online", "Online spel"}}},
        {"online.invite", {{"Invitation link", "Link de invitație", "Uitnodigingslink"}}},
        {"online.invite_hint",
         {{"Send this link to your friends: with it they take a free seat or watch.",
           "Trimite acest link prietenilor: cu el ocupă un loc liber sau privesc.",
           "Stuur deze link naar je vrienden: daarmee nemen ze een vrije plaats of kijken ze mee."}}},
        {"online.copy", {{"Copy", "Copiază", "Kopiëren"}}},
        {"online.open_seat", {{"Open seat", "Loc liber", "Vrije plaats"}}},
        {"online.take_seat", {{"Take this seat", "Ocupă locul", "Neem deze plaats"}}},
        {"online.your_name", {{"Your name", "Numele tău", "Je naam"}}},
        {"online.your_colour", {{"Your colour", "Culoarea ta", "Je kleur"}}},
        {"online.you", {{"you", "tu", "jij"}}},
        {"online.host", {{"host", "gazdă", "gastheer"}}},
        {"online.connected", {{"online", "conectat", "verbonden"}}},
        {"online.away", {{"away", "plecat", "weg"}}},
        {"online.replaced", {{"plays for them", "joacă în locul lui", "speelt voor hen"}}},
        {"online.spectators", {{"Watching:", "Privesc:", "Kijkers:"}}},
        {"online.watching", {{"You are watching", "Privești", "Je kijkt mee"}}},
        {"online.listed",
         {{"List this room among the open rooms (anyone may join)",
           "Afișează camera printre camerele deschise (oricine poate intra)",
           "Zet deze kamer bij de open kamers (iedereen mag meedoen)"}}},
        {"online.start", {{"Start game", "Începe jocul", "Start spel"}}},
        {"online.start_waiting",
         {{"Every seat needs a player or an AI first.", "Fiecare loc are nevoie mai întâi de un jucător sau un AI.",
           "Elke plaats heeft eerst een speler of een AI nodig."}}},
        {"online.waiting_host",
         {{"Waiting for the host to start the game.", "Așteptăm ca gazda să înceapă jocul.",
           "Wachten tot de gastheer het spel start."}}},
        {"online.starting", {{"The game is starting...", "Jocul începe...", "Het spel begint..."}}},
        {"online.leave", {{"Leave the room", "Părăsește camera", "Kamer verlaten"}}},
        {"online.sending", {{"Sending your turn...", "Se trimite tura ta...", "Je beurt wordt verstuurd..."}}},
        {"online.is_away", {{"is away", "este plecat de", "is weg sinds"}}},
        {"online.replace", {{"Let an AI play on:", "Lasă un AI să joace mai departe:", "Laat een AI verder spelen:"}}},
        {"online.link.connecting",
         {{"Connecting to the game server...", "Conectare la serverul de joc...", "Verbinden met de spelserver..."}}},
        {"online.link.connected", {{"Connected", "Conectat", "Verbonden"}}},
        {"online.link.reconnecting",
         {{"Connection lost, reconnecting...", "Conexiune pierdută, mă reconectez...",
           "Verbinding verbroken, opnieuw verbinden..."}}},
        {"online.link.retrying",
         {{"Connection lost, trying again in", "Conexiune pierdută, reîncerc în",
           "Verbinding verbroken, opnieuw over"}}},
        {"online.link.unavailable",
         {{"No game server answers: online play is not available here.",
           "Niciun server de joc nu răspunde: jocul online nu este disponibil aici.",
           "Geen spelserver antwoordt: online spelen kan hier niet."}}},
        {"online.link.incompatible",
         {{"The game server runs another version: reload the page.",
           "Serverul de joc are altă versiune: reîncarcă pagina.",
           "De spelserver draait een andere versie: laad de pagina opnieuw."}}},
        {"online.error.no_room",
         {{"This room does not exist (any more).", "Această cameră nu (mai) există.",
           "Deze kamer bestaat niet (meer)."}}},
        {"online.error.room_full",
         {{"Every seat is taken.", "Toate locurile sunt ocupate.", "Alle plaatsen zijn bezet."}}},
        {"online.error.seat_taken",
         {{"Someone took that seat first.", "Altcineva a ocupat primul locul.", "Iemand was je voor met die plaats."}}},
        {"online.error.colour_taken",
         {{"That colour is taken: choose another.", "Culoarea e ocupată: alege alta.",
           "Die kleur is bezet: kies een andere."}}},
        {"online.error.bad_name",
         {{"A name has 1-24 characters, without commas.", "Un nume are 1-24 de caractere, fără virgule.",
           "Een naam heeft 1-24 tekens, zonder komma's."}}},
        {"online.error.started",
         {{"The game has already started.", "Jocul a început deja.", "Het spel is al begonnen."}}},
        {"online.error.not_your_turn", {{"It is not your turn.", "Nu este rândul tău.", "Je bent niet aan de beurt."}}},
        {"online.error.stale",
         {{"The game moved on meanwhile: here is the current position.",
           "Jocul a avansat între timp: iată poziția actuală.",
           "Het spel ging intussen verder: dit is de huidige stand."}}},
        {"online.error.seats_open",
         {{"Every seat needs a player or an AI first.", "Fiecare loc are nevoie mai întâi de un jucător sau un AI.",
           "Elke plaats heeft eerst een speler of een AI nodig."}}},
        {"online.error.not_replaceable",
         {{"That player may not be replaced now.", "Acest jucător nu poate fi înlocuit acum.",
           "Die speler kan nu niet vervangen worden."}}},
        {"online.error.server_full",
         {{"The game server is full: try again later.", "Serverul de joc este plin: încearcă mai târziu.",
           "De spelserver is vol: probeer het later opnieuw."}}},
        {"online.error.storage",
         {{"The game server could not store that: try again.",
           "Serverul de joc nu a putut salva asta: încearcă din nou.",
           "De spelserver kon dat niet opslaan: probeer het opnieuw."}}},
        {"online.error.rate_limited",
         {{"Too many messages: wait a moment.", "Prea multe mesaje: așteaptă puțin.",
           "Te veel berichten: wacht even."}}},
        {"online.error.protocol",
         {{"The game server runs another version: reload the page.",
           "Serverul de joc are altă versiune: reîncarcă pagina.",
           "De spelserver draait een andere versie: laad de pagina opnieuw."}}},
    };
    return entries;
}

Lang current = Lang::En;

}  // namespace

const char* tr(const char* key) {
    const auto& entries = table();
    auto it = entries.find(key);
    if (it == entries.end()) return key;
    return it->second.text[static_cast<int>(current)];
}

std::string trScoring(const std::string& english) {
    return translateScoring(english, static_cast<int>(current));
}

Lang language() {
    return current;
}
void setLanguage(Lang lang) {
    current = lang;
}

Lang languageFromCode(const std::string& code) {
    if (code.rfind("ro", 0) == 0) return Lang::Ro;
    if (code.rfind("nl", 0) == 0) return Lang::Nl;
    return Lang::En;
}

const char* languageName(Lang lang) {
    switch (lang) {
        case Lang::Ro:
            return "Română";
        case Lang::Nl:
            return "Nederlands";
        default:
            return "English";
    }
}

}  // namespace web
