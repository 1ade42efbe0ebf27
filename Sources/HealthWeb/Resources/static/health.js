// Health: small enhancements; every page works without them except the import upload.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  // A switch in Sources saves at once.
  for (const input of document.querySelectorAll("[data-autosubmit]")) {
    input.addEventListener("change", () => input.form.submit());
  }

  // Destructive forms ask first.
  for (const form of document.querySelectorAll("form[data-confirm]")) {
    form.addEventListener("submit", (event) => {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  }

  // The permission sheet's Turn On All.
  for (const button of document.querySelectorAll("[data-turn-on-all]")) {
    button.addEventListener("click", () => {
      for (const input of button.form.querySelectorAll("input[type=checkbox]")) input.checked = true;
    });
  }

  // On a phone the sections scroll sideways: keep the current one in view.
  const current = document.querySelector(".sections [aria-current]");
  if (current) current.scrollIntoView({ block: "nearest", inline: "center" });

  watchPermissionRequests();
  setUpImport();
});

// The banner of waiting permission requests follows new requests without a reload.
function watchPermissionRequests() {
  const banner = document.getElementById("pending-banner");
  const text = document.getElementById("pending-text");
  if (!banner || !text) return;
  const refresh = async () => {
    try {
      const answer = await fetch("/permissions/count", { credentials: "same-origin", cache: "no-store" });
      if (!answer.ok) return;
      const { count } = await answer.json();
      banner.hidden = !count;
      text.textContent = count + " permission request" + (count === 1 ? "" : "s") + " waiting for you.";
    } catch (error) {
      // healthd stopped or restarted: try again at the next tick.
    }
  };
  setInterval(refresh, 4000);
}

// Uploads an export with a progress bar; the session's CSRF token goes in a header.
function setUpImport() {
  const form = document.getElementById("import-form");
  if (!form) return;
  const file = document.getElementById("import-file");
  const progress = document.getElementById("import-progress");
  const status = document.getElementById("import-status");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = file.files[0];
    if (!chosen) { status.textContent = "Choose a file first."; return; }
    const request = new XMLHttpRequest();
    request.open("POST", "/import?name=" + encodeURIComponent(chosen.name));
    request.setRequestHeader("X-CSRF-Token", form.dataset.csrf);
    request.setRequestHeader("Content-Type", "application/octet-stream");
    progress.hidden = false;
    progress.value = 0;
    status.textContent = "Uploading…";
    request.upload.addEventListener("progress", (step) => {
      if (step.lengthComputable) progress.value = Math.round((step.loaded / step.total) * 100);
    });
    request.upload.addEventListener("load", () => {
      progress.value = 100;
      status.textContent = "Uploaded; importing…";
    });
    request.addEventListener("load", () => {
      let answer = {};
      try { answer = JSON.parse(request.responseText); } catch (error) { answer = {}; }
      status.textContent = answer.message || answer.error || ("Health answered " + request.status + ".");
      status.dataset.outcome = request.status < 300 ? "done" : "failed";
    });
    request.addEventListener("error", () => {
      status.textContent = "The upload failed: is healthd running?";
      status.dataset.outcome = "failed";
    });
    request.send(chosen);
  });
}
