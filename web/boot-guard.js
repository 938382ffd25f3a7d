// A classic script, run before the page's modules. When they never start (a build whose
// files do not link, or a file missing from a cached build) the loading card would wait
// forever, even with a fixed build installed and waiting: offline.js, which offers it, is
// one of those modules. So: once the modules have run (DOMContentLoaded) without app.js
// setting window.remiStarted, the card says so, and a newer build, if the service worker
// finds one, takes over at once — there is no game on this page to lose.
(() => {
  const WORDS = {
    ro: "Remi nu a putut porni. Reîncarcă pagina; dacă tot nu pornește, închide toate filele cu Remi și deschide-o din nou.",
    en: "Remi could not start. Reload the page; if it still does not start, close every Remi tab and open it again.",
  };

  async function takeNewerBuild() {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) return;
    await registration.update().catch(() => { /* offline: nothing newer to find */ });
    const worker = registration.waiting ?? registration.installing;
    if (!worker) return;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
    const skip = () => worker.postMessage("skip-waiting");
    if (worker.state === "installed") skip();
    else worker.addEventListener("statechange", () => worker.state === "installed" && skip());
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (window.remiStarted) return;
    const error = document.getElementById("loading-error");
    error.hidden = false;
    const stored = localStorage.getItem("remi.lang");       // i18n.js's firstLang()
    const romanian = stored === "ro" || (stored !== "en"
      && (navigator.languages ?? []).some((code) => /^(ro|mo)(-|$)/i.test(code)));
    error.textContent = WORDS[romanian ? "ro" : "en"];
    takeNewerBuild().catch((reason) => console.warn(reason));
  });
})();
