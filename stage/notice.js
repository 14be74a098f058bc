// When the stage's modules cannot be fetched (its three.js files are missing), say so on the page.
// A classic script, not an inline handler: the page's Content-Security-Policy runs no inline code but its
// import map. It runs while the page is parsed, before the deferred main.js is executed or fails.

const main = document.getElementById("main-module");
if (main) {
  main.addEventListener("error", () => {
    const notice = document.getElementById("notice");
    notice.hidden = false;
    notice.className = "error";
    const text = "The stage could not start: its three.js files are missing (run npm ci in the stage folder).";
    let words = {};
    try {   // the app's view gives its words in the URL's #fragment (see main.js)
      words = JSON.parse(decodeURIComponent(location.hash.slice(1)) || "{}");
    } catch {
      words = {};
    }
    notice.textContent = typeof words[text] === "string" ? words[text] : text;
  });
}
