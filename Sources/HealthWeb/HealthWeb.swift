// Health: the owner web app.
