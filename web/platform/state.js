// The platform's shared state (one object, so the modules need no cycles of imports).
const params = new URLSearchParams(location.search);

export const P = {
  app: null,            // the controller's handles (web/app.js): call, switchGame, toast, snap, newGame
  profile: null,        // the profile (remi/profile.py format), as stored
  tournament: null,     // the tournament's standings (tournament_state), when one is loaded
  tab: null,            // the menu's last tab
  // Tests and demos: `?fastBots=1` makes tournament bots easy and tables short (2 rounds, final 1).
  fast: params.get("fastBots") === "1",
};

/** Saves `text` as a file called `name` (a JSON download). */
export function download(name, text) {
  const blob = new Blob([text], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
