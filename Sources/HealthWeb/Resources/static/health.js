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
  followImport();
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

// Uploads an export with a progress bar (the session's CSRF token goes in a header), then opens the import's page.
function setUpImport() {
  const form = document.getElementById("import-form");
  if (!form) return;
  const file = document.getElementById("import-file");
  const progress = document.getElementById("import-progress");
  const status = document.getElementById("import-status");
  const fail = (message) => {
    status.textContent = message;
    status.dataset.outcome = "failed";
    form.querySelector("button").disabled = false;
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = file.files[0];
    if (!chosen) { status.textContent = "Choose a file first."; return; }
    if (chosen.size > Number(form.dataset.maximum)) {
      fail("The file is larger than Health accepts (" + form.dataset.maximumText + ").");
      return;
    }
    const request = new XMLHttpRequest();
    request.open("POST", "/import?name=" + encodeURIComponent(chosen.name));
    request.setRequestHeader("X-CSRF-Token", form.dataset.csrf);
    request.setRequestHeader("Content-Type", "application/octet-stream");
    form.querySelector("button").disabled = true;
    delete status.dataset.outcome;
    progress.hidden = false;
    progress.value = 0;
    status.textContent = "Uploading…";
    request.upload.addEventListener("progress", (step) => {
      if (!step.lengthComputable) return;
      progress.value = Math.round((step.loaded / step.total) * 100);
      status.textContent = "Uploading… " + progress.value + "%";
    });
    request.upload.addEventListener("load", () => {
      progress.value = 100;
      status.textContent = "Uploaded; starting the import…";
    });
    request.addEventListener("load", () => {
      let answer = {};
      try { answer = JSON.parse(request.responseText); } catch (error) { answer = {}; }
      if (request.status === 202 && answer.href) {
        window.location.assign(answer.href);
      } else {
        fail(answer.error || ("Health answered " + request.status + "."));
      }
    });
    request.addEventListener("error", () => fail("The upload failed: is healthd running?"));
    request.send(chosen);
  });
}

// An import's page follows its progress until it ends, then shows the summary (the page again).
function followImport() {
  const job = document.getElementById("import-job");
  if (!job || !job.dataset.progress) return;
  const progress = document.getElementById("import-progress");
  const status = document.getElementById("import-status");
  const poll = async () => {
    try {
      const answer = await fetch(job.dataset.progress, { credentials: "same-origin", cache: "no-store" });
      const state = await answer.json();
      if (!answer.ok) {
        status.textContent = state.error || ("Health answered " + answer.status + ".");
        status.dataset.outcome = "failed";
        return;
      }
      if (typeof state.percent === "number") progress.value = state.percent;
      status.textContent = state.text;
      if (state.state === "finished" || state.state === "failed") {
        window.location.reload();
        return;
      }
    } catch (error) {
      // healthd is busy or restarting: ask again at the next tick.
    }
    setTimeout(poll, 500);
  };
  poll();
}
