// Runs before the page is drawn (a plain script in <head>, not deferred): the stylesheet shows the
// tile keyboard only when JavaScript runs. A file, not an inline script, for the Content Security
// Policy (script-src 'self').
document.documentElement.className = "js";
