// The replay viewer on the match page. Without script the page still works: every control is a
// link or a form that asks the server for ?step=N. With script, frames (picture + events) are
// fetched in windows of data-window steps, kept in memory, and the next window is fetched
// before it is needed, so stepping and playing do not wait for the server.
// Keys: ← → step, space plays or pauses, - and + change the speed, Home and End go to the ends.
// The set-up (steps 1 .. data-opening - 1: deals, first-player rolls) is one step for
// previous, next and play, as on the server; the slider and the step box still reach every step.
(function () {
  const viewer = document.getElementById("viewer");
  if (!viewer) return;
  const url = viewer.dataset.framesUrl;
  const steps = Number(viewer.dataset.steps);
  const opening = Number(viewer.dataset.opening) || 0;
  const windowSize = Number(viewer.dataset.window) || 12;
  const turnStarts = JSON.parse(document.getElementById("viewer-turns").textContent);
  const picture = viewer.querySelector(".viewer-picture");
  const eventList = viewer.querySelector(".viewer-events");
  const slider = viewer.querySelector(".viewer-slider");
  const playButton = viewer.querySelector('[data-goto="play"]');
  const speedBox = viewer.querySelector(".viewer-speed");
  const speedSelect = speedBox.querySelector("select");
  const speedKey = "arena.replay.speed";
  const frames = new Map();
  const pending = new Map();
  let current = Number(viewer.dataset.step);
  let wanted = current;
  let playing = null; // the timer of the next played step, null when paused

  function windowStart(step) {
    return step - (step % windowSize);
  }

  function load(start) {
    if (start > steps || frames.has(start)) return Promise.resolve();
    if (!pending.has(start)) {
      const request = fetch(`${url}${url.includes("?") ? "&" : "?"}start=${start}&count=${windowSize}`)
        .then((response) => {
          if (!response.ok) throw new Error(`frames ${start}: HTTP ${response.status}`);
          return response.json();
        })
        .then((data) => {
          for (const frame of data.frames) frames.set(frame.step, frame);
        })
        .finally(() => pending.delete(start));
      pending.set(start, request);
    }
    return pending.get(start);
  }

  function eventItem(text, className) {
    const item = document.createElement("li");
    item.textContent = text;
    if (className) item.className = className;
    return item;
  }

  function render(frame) {
    current = frame.step;
    picture.innerHTML = frame.svg;
    const items = frame.events.map((event) => eventItem(event.text, event.new ? "new" : ""));
    if (!items.length) items.push(eventItem("Nothing has happened yet.", "quiet"));
    eventList.replaceChildren(...items);
    viewer.querySelector('[data-field="step"]').textContent = frame.step;
    viewer.querySelector('[data-field="turn"]').textContent = frame.turn;
    viewer.querySelector('input[name="step"]').value = frame.step;
    viewer.querySelector('input[name="turn"]').value = frame.turn;
    slider.value = frame.step;
    viewer.dataset.step = frame.step;
    const seat = new URLSearchParams(window.location.search).get("seat");
    history.replaceState(null, "", `?step=${frame.step}${seat === null ? "" : `&seat=${seat}`}#viewer`);
  }

  // Resolves true once `step` is on screen, false if it could not be fetched or a later
  // request took its place.
  async function show(step) {
    step = Math.max(0, Math.min(steps, step));
    wanted = step;
    if (!frames.has(step)) {
      viewer.classList.add("loading");
      try {
        await load(windowStart(step));
      } catch (error) {
        viewer.classList.remove("loading");
        stop();
        return false;
      }
      viewer.classList.remove("loading");
    }
    if (wanted !== step || !frames.has(step)) return false; // a later click won the race
    render(frames.get(step));
    // Fetch the window after this one while the viewer is still looking at this one.
    const next = windowStart(step) + windowSize;
    if (step + windowSize / 2 >= next) load(next).catch(() => {});
    return true;
  }

  function stepsPerSecond() {
    return Number(speedSelect.value) || 3;
  }

  function stop() {
    if (playing) clearTimeout(playing);
    playing = null;
    wanted = current; // a played step still being fetched is not shown after the pause
    playButton.textContent = "▶ Play";
    viewer.dataset.playing = "";
  }

  // One played step, then the next after the rest of 1/speed seconds (a step that waited for
  // its window does not make the following ones rush).
  async function tick() {
    if (current >= steps) return stop();
    const started = performance.now();
    const shown = await show(moves.next());
    if (!playing) return;
    if (!shown) return stop();
    const rest = 1000 / stepsPerSecond() - (performance.now() - started);
    playing = setTimeout(tick, Math.max(0, rest));
  }

  function play(firstAfterMs) {
    playButton.textContent = "⏸ Pause";
    viewer.dataset.playing = "yes";
    playing = setTimeout(tick, firstAfterMs);
  }

  function togglePlay() {
    if (playing) return stop();
    if (current >= steps) {
      play(1000 / stepsPerSecond());
      show(moves.start());
    } else {
      play(0);
    }
  }

  function setSpeed(index) {
    const options = speedSelect.options;
    speedSelect.selectedIndex = Math.max(0, Math.min(options.length - 1, index));
    try {
      localStorage.setItem(speedKey, speedSelect.value);
    } catch (error) {
      // storage may be off; the speed then lasts for this page only
    }
  }

  function stepOfTurn(turn) {
    for (const [startTurn, step] of turnStarts) if (startTurn >= turn) return step;
    return null;
  }

  const moves = {
    start: () => opening,
    previous: () => (current <= opening ? 0 : current - 1),
    next: () => (current < opening ? opening : current + 1),
    last: () => steps,
  };
  for (const link of viewer.querySelectorAll("a[data-goto]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      stop();
      show(moves[link.dataset.goto]());
    });
  }
  playButton.hidden = false;
  playButton.addEventListener("click", togglePlay);
  slider.hidden = false;
  slider.addEventListener("input", () => {
    stop();
    show(Number(slider.value));
  });
  speedBox.hidden = false;
  let saved = null;
  try {
    saved = localStorage.getItem(speedKey);
  } catch (error) {
    saved = null;
  }
  const savedIndex = [...speedSelect.options].findIndex((option) => option.value === saved);
  if (savedIndex >= 0) speedSelect.selectedIndex = savedIndex;
  speedSelect.addEventListener("change", () => setSpeed(speedSelect.selectedIndex));
  // ?play=SPEED (the home page's "watch" link): play from where play starts at that pace,
  // without changing the speed this browser keeps for other replays.
  const asked = new URLSearchParams(window.location.search).get("play");
  const askedIndex = [...speedSelect.options].findIndex((option) => option.value === asked);
  if (askedIndex >= 0) {
    speedSelect.selectedIndex = askedIndex;
    show(moves.start()).then(() => {
      if (!playing) play(1000 / stepsPerSecond()); // the first position stays for a step too
    });
  }
  for (const form of viewer.querySelectorAll("form.viewer-jump")) {
    form.addEventListener("submit", (event) => {
      const input = form.querySelector("input");
      const value = Number(input.value);
      if (input.value === "" || !Number.isInteger(value)) return; // let the server answer
      const step = input.name === "turn" ? stepOfTurn(value) : value;
      if (step === null || step < 0 || step > steps) return;
      event.preventDefault();
      stop();
      show(step);
    });
  }
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest("input, textarea, select")) return; // keys type or choose there
    if (event.target.closest("button") && (event.key === " " || event.key === "Enter")) return;
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "start", End: "last" };
    const faster = { "+": 1, "=": 1, "-": -1, _: -1 };
    if (keys[event.key]) {
      event.preventDefault();
      stop();
      show(moves[keys[event.key]]());
    } else if (event.key === " ") {
      event.preventDefault();
      togglePlay();
    } else if (faster[event.key]) {
      event.preventDefault();
      setSpeed(speedSelect.selectedIndex + faster[event.key]);
    }
  });
})();
