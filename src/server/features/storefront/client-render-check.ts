import { createHash } from 'node:crypto';

/**
 * Runs inline before the first paint of a server-rendered page. The server rendered the page for a
 * signed-out visitor with an empty cart in the store's default language and currency. When this
 * browser holds someone else, the page stays hidden (`<html data-client-render>`) until the
 * storefront has drawn it for them, instead of flashing the visitor's version first. The browser
 * side asks the same of its stores before it hydrates (`rendersAsServer`, use-settings-bootstrap.ts).
 */
export const CLIENT_RENDER_CHECK = `(function () {
  var renderedFor = document.currentScript.dataset;
  function stored(name) {
    try {
      return JSON.parse(localStorage.getItem(name) || '{}').state || {};
    } catch (error) {
      return {};
    }
  }
  var auth = stored('auth');
  var cart = stored('cart');
  var settings = stored('settings');
  var currency = settings.selectedCurrency;
  var asRendered =
    !auth.user &&
    !cart.total &&
    (!settings.locale || settings.locale === renderedFor.locale) &&
    (!currency || currency.name === renderedFor.currency) &&
    !settings.search &&
    !settings.basketCanvas;
  if (!asRendered) document.documentElement.setAttribute('data-client-render', '');
})();`;

/** The check's Content-Security-Policy source: our policy allows no other inline script. */
export const CLIENT_RENDER_CHECK_SOURCE = `'sha256-${createHash('sha256').update(CLIENT_RENDER_CHECK).digest('base64')}'`;
