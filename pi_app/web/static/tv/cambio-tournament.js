// A Cambio tournament on the big screen: drawn by Cambio's own part
// (static/tv/cambio.js, joined before this file), which shows the standings across the
// tables and boxes when the view is a tournament's.
"use strict";
registerTv("cambio-tournament", { render: (g, view, ctx) => window.cambioTv.render(g, view, ctx) });
