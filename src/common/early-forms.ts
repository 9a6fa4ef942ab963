/**
 * The window property where the page's inline loader keeps the forms that wait for the app
 * (docs/decisions/043-scripts-after-load.md): the server-rendered forms with no `action`, which
 * only the app can send. A submit made before the app has taken a form over is held there, not
 * sent by the browser as a GET to the page (which would reload it empty, a password in the
 * address); `useForm` takes the form over when it mounts and makes the held submit
 * (src/web/lib/forms/early-forms.ts). The same object keeps the last app-only button tapped
 * before the app was live, which the app taps again (src/web/lib/early-tap.ts). Shared by the
 * loader (server) and the app (browser).
 */
export const EARLY_FORMS_KEY = '__earlyForms';

/**
 * How long a link or ADD TO CART tapped before the app is held for it before it goes the no-script
 * way (a page load). The scripts start at the page's load event or at the tap itself; a shopper
 * whose app has not come by then is on a link slow enough that the page load is no worse, and a
 * tap must never wait on a script that may not come (docs/decisions/075-early-links-held.md).
 * Shared by the loader (server/pages/deferred-scripts.ts) and the app (web/lib/early-tap.ts).
 */
export const HOLD_MS = 3000;
