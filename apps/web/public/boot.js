// Starts the app after the first paint of a page the build rendered ahead
// (apps/web/scripts/prerender.mjs: /login). That page paints from its HTML and
// one stylesheet; the app's files are requested only then, so the paint does
// not wait on them, and the app renders the same page over the markup. A
// deferred classic script: the server's CSP allows no inline script.
// data-preload lists the files to fetch beside the entry; its first
// data-entry-imports files are the entry's own imports, in the entry's order.
(function () {
  var script = document.currentScript;
  var entry = script.dataset.entry;
  var files = (script.dataset.preload || '').split(' ').filter(Boolean);
  var entryImports = files.slice(0, Number(script.dataset.entryImports || 0));
  var started = false;
  // The entry's imports are evaluated one per task, in the entry's order, then the entry: the
  // files' evaluation (the contracts' schemas, MUI, react-dom) was one task, the longest of a
  // phone's start in Lighthouse's traces (docs/performance.md). A file that fails to load leaves
  // the rest to the entry's own import, as before.
  function evaluate(rest) {
    if (rest.length === 0) return import(entry);
    return import(rest[0])
      .then(function () {
        return new Promise(function (resolve) {
          setTimeout(resolve, 0);
        });
      })
      .then(
        function () {
          return evaluate(rest.slice(1));
        },
        function () {
          return import(entry);
        },
      );
  }
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
    evaluate(entryImports);
  }
  // Once the browser reports the markup's first contentful paint, which it does when that frame
  // was presented: a task queued from the frame's requestAnimationFrame ran before then, so the
  // app's requests went out ahead of the paint they were meant to follow. A hidden tab, which
  // paints nothing, or a browser without paint timing starts after a second anyway.
  try {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  setTimeout(start, 1000);
})();
