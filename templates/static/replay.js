// The replay viewer on the match page. Without script the page still works: every control is a
// link or a form that asks the server for ?step=N. With script, frames (picture + events) are
// fetched in windows of data-window steps, kept in memory, and the next window is fetched
// before it is needed, so stepping and playing do not wait for the server.
(function () {
  const viewer = document.getElementById("viewer");
  if (!viewer) return;
  const url = viewer.dataset.framesUrl;
  const steps = Number(viewer.dataset.steps);
  const windowSize = Number(viewer.dataset.window) || 40;
  const turnStarts = JSON.parse(document.getElementById("viewer-turns").textContent);
  const picture = viewer.querySelector(".viewer-picture");
  const eventList = viewer.querySelector(".viewer-events");
  const slider = viewer.querySelector(".viewer-slider");
  const playButton = viewer.querySelector('[data-goto="play"]');
  const frames = new Map();
  const pending = new Map();
  let current = Number(viewer.dataset.step);
  let wanted = current;
  let playing = null;

  function windowStart(step) {
    return step - (step % windowSize);
  }

  function load(start) {
    if (start > steps || frames.has(start)) return Promise.resolve();
    if (!pending.has(start)) {
      const request = fetch(`${url}?start=${start}&count=${windowSize}`)
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

  function render(frame) {
    current = frame.step;
    picture.innerHTML = frame.svg;
    eventList.replaceChildren(
      ...frame.events.map((event) => {
        const item = document.createElement("li");
        item.textContent = event.text;
        if (event.new) item.className = "new";
        return item;
      })
    );
    viewer.querySelector('[data-field="step"]').textContent = frame.step;
    viewer.querySelector('[data-field="turn"]').textContent = frame.turn;
    viewer.querySelector('input[name="step"]').value = frame.step;
    viewer.querySelector('input[name="turn"]').value = frame.turn;
    slider.value = frame.step;
    viewer.dataset.step = frame.step;
    history.replaceState(null, "", `?step=${frame.step}#viewer`);
  }

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
        return;
      }
      viewer.classList.remove("loading");
    }
    if (wanted !== step || !frames.has(step)) return; // a later click won the race
    render(frames.get(step));
    // Fetch the window after this one while the viewer is still looking at this one.
    const next = windowStart(step) + windowSize;
    if (step + windowSize / 2 >= next) load(next).catch(() => {});
  }

  function stop() {
    if (playing) clearInterval(playing);
    playing = null;
    playButton.textContent = "▶ Play";
  }

  function togglePlay() {
    if (playing) return stop();
    if (current >= steps) show(0);
    playButton.textContent = "⏸ Pause";
    playing = setInterval(() => {
      if (current >= steps) return stop();
      show(current + 1);
    }, 350);
  }

  function stepOfTurn(turn) {
    for (const [startTurn, step] of turnStarts) if (startTurn >= turn) return step;
    return null;
  }

  const moves = {
    first: () => 0,
    previous: () => current - 1,
    next: () => current + 1,
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
    if (event.target.closest("input, textarea, select")) return;
    const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
    if (keys[event.key]) {
      event.preventDefault();
      stop();
      show(moves[keys[event.key]]());
    } else if (event.key === " ") {
      event.preventDefault();
      togglePlay();
    }
  });
})();
