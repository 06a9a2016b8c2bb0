// Starts the storefront's code on a page the server already rendered, once that page has painted:
// the HTML, stylesheet and pictures get the network first. The server names the entry module and
// the modules it and the page need (src/server/features/storefront/page-shell.ts).
(function () {
  var script = document.currentScript;
  var entry = script.dataset.entry;
  var modules = JSON.parse(script.dataset.modules || '[]');
  function start() {
    // Plain preloads: a modulepreload would compile each module on the spot, one long task.
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var main = document.createElement('script');
    main.type = 'module';
    main.crossOrigin = '';
    main.src = entry;
    document.head.appendChild(main);
  }
  // A frame callback runs just before the next paint; the timeout then runs just after it.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
