// The one inline script of the payer pages, allowed by the render's CSP nonce. Pages work
// without it (the Pay form is a plain POST; copyable text is selectable); it adds:
// - copy buttons: Clipboard API, else select the text and execCommand('copy'), else leave the
//   text selected for the payer; success shows the button's data-copied label for 2 s and is
//   announced through the live region;
// - Pay forms: the submit button is disabled once submitted (no double payment), and enabled
//   again when the page comes back from the back/forward cache;
// - print buttons: hidden without JS, shown and wired to window.print() here;
// - the status watch: while the payment is awaited the page asks its status (data-watch-status)
//   every 3 s for 5 minutes, then every 15 s, never while the tab is hidden, and reloads once it
//   is no longer PENDING, so the page shows the paid (or expired) state the server renders; it
//   stops while a Pay form's answer is on its way (a reload would cancel that navigation).
export const PAGE_SCRIPT = `(function () {
  var live = document.getElementById('live-region');
  function selectText(el) {
    var range = document.createRange();
    range.selectNodeContents(el);
    var selection = window.getSelection();
    if (!selection) return;
    selection.removeAllRanges();
    selection.addRange(range);
  }
  function copyBySelection(el) {
    selectText(el);
    try { return document.execCommand('copy'); } catch (e) { return false; }
  }
  Array.prototype.forEach.call(document.querySelectorAll('[data-copy-target]'), function (button) {
    var label = button.textContent;
    var timer = 0;
    button.addEventListener('click', function () {
      var el = document.getElementById(button.getAttribute('data-copy-target'));
      if (!el) return;
      var text = button.getAttribute('data-copy-text') || el.textContent.trim();
      function done(ok) {
        if (!ok) { selectText(el); return; }
        var copied = button.getAttribute('data-copied') || 'Copied';
        button.textContent = copied;
        button.classList.add('is-copied');
        if (live) live.textContent = copied;
        clearTimeout(timer);
        timer = setTimeout(function () {
          button.textContent = label;
          button.classList.remove('is-copied');
          if (live) live.textContent = '';
        }, 2000);
      }
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(copyBySelection(el)); });
      } else {
        done(copyBySelection(el));
      }
    });
  });
  var payButtons = [];
  // A pay form on its way: the page is being left for the form's answer, and the status watch
  // must not reload it meanwhile (a reload would cancel that navigation).
  var leaving = false;
  var resumeWatch = function () {};
  Array.prototype.forEach.call(document.querySelectorAll('form[data-pay-form]'), function (form) {
    form.addEventListener('submit', function () {
      leaving = true;
      var button = form.querySelector('[type=submit]');
      if (!button) return;
      payButtons.push(button);
      setTimeout(function () { button.disabled = true; button.setAttribute('aria-busy', 'true'); }, 0);
    });
  });
  window.addEventListener('pageshow', function () {
    payButtons.forEach(function (button) { button.disabled = false; button.removeAttribute('aria-busy'); });
    if (leaving) { leaving = false; resumeWatch(); }
  });
  // Countdowns to an expiry: updated every second; at zero the page reloads and shows its
  // closed state (the server decides it, not this clock).
  Array.prototype.forEach.call(document.querySelectorAll('[data-countdown-to]'), function (el) {
    var end = Date.parse(el.getAttribute('data-countdown-to'));
    function pad(n) { return (n < 10 ? '0' : '') + n; }
    function tick() {
      var left = Math.max(0, Math.floor((end - Date.now()) / 1000));
      var h = Math.floor(left / 3600);
      var rest = pad(Math.floor((left % 3600) / 60)) + ':' + pad(left % 60);
      el.textContent = h > 0 ? h + ':' + rest : rest;
      if (left > 0) return;
      clearInterval(timer);
      el.textContent = el.getAttribute('data-countdown-end') || rest;
      setTimeout(function () { window.location.reload(); }, 1500);
    }
    var timer = setInterval(tick, 1000);
    tick();
  });
  var watched = document.querySelector('[data-watch-status]');
  if (watched && window.fetch) {
    var statusUrl = watched.getAttribute('data-watch-status');
    var watchStarted = Date.now();
    var watchTimer = 0;
    var asking = false;
    function askLater() {
      clearTimeout(watchTimer);
      watchTimer = setTimeout(askStatus, Date.now() - watchStarted < 300000 ? 3000 : 15000);
    }
    function askStatus() {
      if (document.hidden || asking || leaving) return;
      asking = true;
      fetch(statusUrl, { cache: 'no-store', credentials: 'omit' })
        .then(function (response) { return response.ok ? response.json() : null; })
        .then(function (body) {
          asking = false;
          if (leaving) return;
          if (body && body.status && body.status !== 'PENDING') window.location.reload();
          else askLater();
        }, function () { asking = false; askLater(); });
    }
    document.addEventListener('visibilitychange', function () { if (!document.hidden) askStatus(); });
    resumeWatch = askLater;
    askLater();
  }
  Array.prototype.forEach.call(document.querySelectorAll('[data-print]'), function (button) {
    button.hidden = false;
    button.addEventListener('click', function () { window.print(); });
  });
})();`;
