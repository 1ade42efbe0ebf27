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

  // The permission sheet's Turn On All (also on sheets added by followPermissionSheets).
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-turn-on-all]");
    if (!button) return;
    for (const input of button.form.querySelectorAll("input[type=checkbox]")) input.checked = true;
  });

  watchPermissionRequests();
  followPermissionSheets();
  setUpImport();
  followImport();
  readChartBars();
  filterBrowse();
  sendBrowserTimeZone();
  // A running export's page follows it.
  if (document.querySelector("[data-reload-while-running]")) setTimeout(() => window.location.reload(), 1000);
});

// The sign-in form tells healthd the browser's time zone: until one is chosen on Me, the days follow it.
function sendBrowserTimeZone() {
  const field = document.querySelector("input[data-browser-time-zone]");
  if (!field) return;
  try {
    field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch (error) {
    // No Intl: the days follow healthd's time zone.
  }
}

// A chart's bars read out their figures when focused (Tab, arrow keys) or tapped.
function readChartBars() {
  // The laptop's chart and the phone's each read their own bars into the one readout.
  for (const chart of document.querySelectorAll("svg.chart")) readBars(chart);
}

function readBars(chart) {
  const readout = document.getElementById("chart-readout");
  const slots = Array.from(chart.querySelectorAll(".slot.has-data"));
  if (!readout || slots.length === 0) return;
  const select = (slot) => {
    for (const other of slots) other.classList.toggle("selected", other === slot);
    readout.textContent = slot.dataset.spoken;
  };
  slots.forEach((slot, index) => {
    slot.addEventListener("focus", () => select(slot));
    slot.addEventListener("click", () => { slot.focus(); select(slot); });
    slot.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); select(slot); }
      if (!step) return;
      event.preventDefault();
      const next = slots[Math.min(Math.max(index + step, 0), slots.length - 1)];
      next.focus();
    });
  });
}

// Browse's search box keeps, as one types, the types whose name or category holds every word typed.
function filterBrowse() {
  const input = document.getElementById("search");
  const status = document.getElementById("search-status");
  if (!input || !status) return;
  input.addEventListener("input", () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const group of document.querySelectorAll(".browse-group")) {
      let inGroup = 0;
      for (const item of group.querySelectorAll("li[data-terms]")) {
        const match = words.every((word) => item.dataset.terms.includes(word));
        item.hidden = !match;
        if (match) inGroup += 1;
      }
      group.hidden = inGroup === 0;
      shown += inGroup;
    }
    status.textContent = shown === 0 ? "Nothing matches." : shown + (shown === 1 ? " result" : " results");
  });
}

// The banner of waiting permission requests follows new requests without a reload.
function watchPermissionRequests() {
  const banner = document.getElementById("pending-banner");
  const text = document.getElementById("pending-text");
  if (!banner || !text) return;
  const refresh = async () => {
    try {
      const answer = await fetch(document.body.dataset.permissionCount, { credentials: "same-origin", cache: "no-store" });
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

// The permission page shows the sheets of requests that arrive while it is open (an app asks while the owner waits
// here), without a reload that would lose the switches already turned: it asks /permissions/count every 2 s and, when
// more requests wait than it shows, reads the page again and adds the sheets it lacks.
function followPermissionSheets() {
  const list = document.getElementById("permission-requests");
  if (!list) return;
  const refresh = async () => {
    try {
      const answer = await fetch(document.body.dataset.permissionCount, { credentials: "same-origin", cache: "no-store" });
      if (!answer.ok) return;
      const { count } = await answer.json();
      if (!(count > list.querySelectorAll(".sheet").length)) return;
      const page = await fetch(document.body.dataset.permissions, { credentials: "same-origin", cache: "no-store" });
      if (!page.ok) return;
      const fresh = new DOMParser().parseFromString(await page.text(), "text/html");
      for (const sheet of fresh.querySelectorAll("#permission-requests .sheet")) {
        if (document.getElementById(sheet.id)) continue;
        const none = document.getElementById("no-requests");
        if (none) none.closest("section").remove();
        list.append(document.importNode(sheet, true));
      }
    } catch (error) {
      // healthd stopped or restarted: try again at the next tick.
    }
  };
  setInterval(refresh, 2000);
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
    request.open("POST", form.dataset.upload + "?name=" + encodeURIComponent(chosen.name));
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

// An import's page follows its progress until it ends, then shows the summary (the page again). When healthd stops
// answering, the page says so and keeps asking. After a restart the job's page says what became of the import: at once
// when the session outlived the restart (sessions in the database, on PostgreSQL), or after signing in again when it
// ended with it (sessions in healthd's memory, on SQLite).
function followImport() {
  const job = document.getElementById("import-job");
  if (!job || !job.dataset.progress) return;
  const progress = document.getElementById("import-progress");
  const status = document.getElementById("import-status");
  const connection = document.getElementById("import-connection");
  const note = document.getElementById("import-note");
  const say = (message) => {
    connection.hidden = !message;
    connection.textContent = message || "";
  };
  // The last figures are stale once healthd is gone: say so rather than show them.
  const lost = () => {
    progress.removeAttribute("value");
    status.textContent = "Lost contact with healthd.";
    if (note) note.hidden = true;
  };
  const poll = async () => {
    let answer;
    try {
      answer = await fetch(job.dataset.progress, { credentials: "same-origin", cache: "no-store" });
    } catch (error) {
      lost();
      say("Health is not answering: healthd may have stopped. This page asks again every few seconds.");
      setTimeout(poll, 3000);
      return;
    }
    if (answer.status === 401) {
      lost();
      connection.hidden = false;
      connection.textContent = "healthd restarted, which signed you out. ";
      const link = document.createElement("a");
      link.href = document.body.dataset.signIn + "?next=" + encodeURIComponent(window.location.pathname);
      link.id = "import-signin";
      link.textContent = "Sign in again to see what became of this import.";
      connection.appendChild(link);
      status.dataset.outcome = "signed-out";
      return;
    }
    let state = {};
    try { state = await answer.json(); } catch (error) { state = {}; }
    if (!answer.ok) {
      say(state.error || ("Health answered " + answer.status + "."));
      status.dataset.outcome = "failed";
      return;
    }
    say("");
    if (note) note.hidden = false;
    if (typeof state.percent === "number") progress.value = state.percent;
    status.textContent = state.text;
    if (state.state !== "uploading" && state.state !== "importing") {
      window.location.reload();
      return;
    }
    setTimeout(poll, 500);
  };
  poll();
}
