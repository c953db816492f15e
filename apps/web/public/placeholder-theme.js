// Chooses the theme of a signed-in page the build painted ahead (apps/web/scripts/prerender.mjs:
// /my-schedule), before that first paint: the page holds the placeholder once per theme, all
// hidden, and shows the one named on <html data-placeholder-theme>. It is the theme the app last
// applied for the user whose token this browser holds (src/lib/themes/theme-choice.ts keeps it
// for a light and a dark device), else the default. Without a usable token nothing is shown: the
// app sends the visitor to the sign-in page. A blocking classic script, 0.6 KiB as brotli,
// since the server's CSP allows no inline script; the build names the storage keys.
(function () {
  var data = document.currentScript.dataset;
  try {
    var token = localStorage.getItem(data.tokenKey);
    if (!token) return;
    var part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    var claims = JSON.parse(atob(part));
    if (!(claims.exp * 1000 > Date.now())) return;
  } catch {
    // Storage refused or a malformed token: the app draws the page once its code has run.
    return;
  }
  var theme = data.defaultTheme;
  try {
    var cached = JSON.parse(localStorage.getItem(data.appearanceKey) || 'null');
    if (cached && cached.user === claims.sub && cached.resolved) {
      var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
      theme = dark ? cached.resolved.dark : cached.resolved.light;
    }
  } catch {
    // A kept appearance that does not parse: the default theme, as the app's first render.
  }
  document.documentElement.setAttribute('data-placeholder-theme', String(theme));
})();
