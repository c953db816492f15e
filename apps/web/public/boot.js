// Starts the app after the first paint of a page the build rendered ahead
// (apps/web/scripts/prerender.mjs: /login). That page paints from its HTML and
// one stylesheet; the app's files are requested only then, so the paint does
// not wait on them, and the app renders the same page over the markup. A
// deferred classic script: the server's CSP allows no inline script.
(function () {
  var script = document.currentScript;
  var entry = script.dataset.entry;
  var files = (script.dataset.preload || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    // The entry's imports and the page's own files, fetched beside the entry.
    files.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    import(entry);
  }
  // After the frame that paints the markup; a hidden tab, which paints nothing, starts anyway.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
