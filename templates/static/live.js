// Keeps an element marked data-live="SECONDS" current: re-fetches this page every SECONDS and
// swaps in the element with the same id; if that element now says data-ended (a live game has
// finished), reloads the page to show what replaced it. Pauses while the tab is hidden; the page
// works without it.
(function () {
  for (const el of document.querySelectorAll("[data-live]")) {
    const seconds = Math.max(2, Number(el.dataset.live) || 10);
    const refresh = async () => {
      if (document.hidden) return;
      try {
        const response = await fetch(window.location.href, { headers: { "X-Live": "1" } });
        if (!response.ok) return;
        const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
        const replacement = fresh.getElementById(el.id);
        if (replacement && replacement.hasAttribute("data-ended")) window.location.reload();
        else if (replacement) el.innerHTML = replacement.innerHTML;
      } catch (error) {
        // The server is restarting or the network blinked: try again next time.
      }
    };
    setInterval(refresh, seconds * 1000);
  }
})();
