/**
 * The service worker's registration (issue #18, decision 047), an inline script of signed-in pages:
 * it costs no request and no bytes of the page's bundles. Only where service workers exist, and
 * under Save-Data only once the learner has saved something (saving registers it), so nothing
 * downloads in the background.
 */
export const registrationScript = (saveData: boolean) =>
  `"serviceWorker"in navigator&&navigator.serviceWorker.getRegistration("/").then(function(r){(r||!${saveData})&&navigator.serviceWorker.register("/sw.js")}).catch(function(){})`;
