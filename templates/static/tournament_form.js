// The "Organise a tournament" form shows only the chosen game's bot versions and options.
// Each entrant checkbox and each game's option group carries data-game. A checkbox of another
// game is hidden and disabled, so it is not sent even if it was ticked before the game changed
// (and it is still ticked if that game is chosen again). Without this script every game's
// versions are listed, and the server refuses a mix with the reason.
(function () {
  const form = document.querySelector("form.tournament-form");
  const game = form && form.querySelector("select[name=game]");
  if (!game) return;
  const emptyNote = form.querySelector("[data-no-entrants]");

  const showChosenGame = () => {
    let entrants = 0;
    for (const el of form.querySelectorAll("[data-game]")) {
      const chosen = el.dataset.game === game.value;
      if (el.matches("input")) {
        el.disabled = !chosen;
        (el.closest("label") || el).hidden = !chosen;
        entrants += chosen;
      } else {
        el.hidden = !chosen;
        if (chosen && el.matches("details")) el.open = true;
      }
    }
    if (emptyNote) {
      emptyNote.hidden = entrants > 0;
      // The option's text is the game's title; its value, the id, is what the form sends.
      emptyNote.textContent = `No ${game.selectedOptions[0].text} bot version is active yet.`;
    }
  };

  game.addEventListener("change", showChosenGame);
  showChosenGame();
})();

// The format's own settings show only with the formats that take them: rounds for Swiss and
// table Swiss, heats for table advancement (without this script all are shown, each saying
// which formats it is for, and the others are ignored).
(function () {
  const form = document.querySelector("form.tournament-form");
  const format = form && form.querySelector("select[name=format]");
  if (!format) return;
  const usedBy = { rounds: ["swiss", "table_swiss"], heats: ["table_advancement"] };
  const showFormatSettings = () => {
    for (const [name, formats] of Object.entries(usedBy)) {
      const input = form.querySelector(`[name=${name}]`);
      const field = input && input.closest(".field");
      if (field) field.hidden = !formats.includes(format.value);
    }
  };
  format.addEventListener("change", showFormatSettings);
  showFormatSettings();
})();
