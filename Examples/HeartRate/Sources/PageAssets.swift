import Foundation

/// The page, its script and its stylesheet, compiled in so that the example is one executable. Nothing is loaded
/// from anywhere else.
enum PageAssets {
    /// The page; the waiting note links to Health's permission requests when the example knows where Health is.
    static func html(healthAddress: URL?) -> String {
        let health = healthAddress.map { escape($0.appendingPathComponent("permissions").absoluteString) }
        let answerIn = health.map { "<a href=\"\($0)\" id=\"health-link\">Health</a>" } ?? "Health"
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Heart Rate</title>
            <link rel="stylesheet" href="/heart-rate.css">
            <script src="/heart-rate.js" defer></script>
            </head>
            <body>
            <main>
              <h1>Heart Rate</h1>
              <form id="entry">
                <label for="bpm">Beats per minute</label>
                <input id="bpm" name="bpm" inputmode="numeric" autocomplete="off" placeholder="72">
                <label for="sensor">Measured at</label>
                <select id="sensor" name="sensor">
                  <option value="">Not specified</option>
                  <option value="1">Chest</option>
                  <option value="2">Wrist</option>
                  <option value="3">Finger</option>
                  <option value="4">Hand</option>
                  <option value="5">Ear lobe</option>
                  <option value="6">Foot</option>
                  <option value="0">Other</option>
                </select>
                <button type="submit" id="record" disabled>Record</button>
              </form>
              <p id="status" role="status" aria-live="polite">\(HeartRateScreen.notAuthorized)</p>
              <p id="waiting">Heart Rate is asking to store heart rates: answer its request in \(answerIn).</p>
            </main>
            </body>
            </html>

            """
    }

    /// Follows `GET /state` every second and posts what the user typed; every text goes in with `textContent`.
    static let script = """
        "use strict";
        (() => {
          const form = document.getElementById("entry");
          const field = document.getElementById("bpm");
          const sensor = document.getElementById("sensor");
          const button = document.getElementById("record");
          const label = document.getElementById("status");
          const waiting = document.getElementById("waiting");
          let recording = false;

          function show(state) {
            label.textContent = state.label;
            label.classList.toggle("error", state.labelIsError);
            button.disabled = recording || !state.recordEnabled;
            waiting.hidden = !state.waitingForPermission;
          }

          async function refresh() {
            try {
              const answer = await fetch("/state", { cache: "no-store" });
              if (answer.ok) show(await answer.json());
            } catch (error) {
              label.textContent = "The Heart Rate example is not running.";
              label.classList.add("error");
              button.disabled = true;
            }
          }

          form.addEventListener("submit", async (event) => {
            event.preventDefault();
            if (button.disabled) return;
            recording = true;
            button.disabled = true;
            try {
              await fetch("/record", {
                method: "POST",
                headers: { "Content-Type": "application/json" },
                body: JSON.stringify({
                  beatsPerMinute: field.value,
                  sensorLocation: sensor.value === "" ? null : Number(sensor.value),
                }),
              });
            } catch (error) {
              // The refresh below says the example is not running.
            }
            recording = false;
            // The outcome comes as the model's events: show the state they left.
            await refresh();
          });

          refresh();
          setInterval(refresh, 1000);
        })();

        """

    static let style = """
        :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
        body { margin: 0; }
        main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem; }
        h1 { font-size: 1.6rem; margin: 0 0 1rem; }
        form { display: grid; gap: 0.5rem; }
        label { font-size: 0.9rem; color: GrayText; }
        input, select, button { font: inherit; padding: 0.6rem; border-radius: 0.5rem; border: 1px solid #aaa; }
        button { background: #e0245e; color: white; border: none; font-weight: 600; margin-top: 0.5rem; }
        button:disabled { background: #bbb; color: #666; }
        #status { font-size: 1.2rem; font-weight: 600; margin: 1.2rem 0 0.5rem; }
        #status.error { color: #c0392b; }
        #waiting { font-size: 0.95rem; }

        """

    /// HTML-escapes text put into the page.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}
